import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { meQuery } from "../../api/queries";
import { Card } from "../../components/Card";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { isolateText } from "../../components/UserText";
import { bookingsQuery, eventTypesQuery } from "../../features/dashboard/api/dashboardQueries";
import { bookingsOfTab } from "../../features/dashboard/bookings/bookingWindow";
import { ShareCenter } from "../../features/dashboard/share/ShareCenter";
import { useFormatters } from "../../features/dashboard/useFormatters";
import { publicUrl } from "../../lib/publicUrl";
import { Link } from "../../router";

const linkClass = "font-semibold text-brand-700 underline";

/** The signed-in home: the booking page, the event types and the next bookings. */
export function HomeScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [now] = useState(() => new Date());
  const me = useQuery(meQuery());
  const types = useQuery(eventTypesQuery());
  const bookings = useQuery(bookingsQuery({ from: now.toISOString() }));
  if (!me.data) return <QueryStatus queries={[me]} />;
  const { user } = me.data;
  const pageUrl = `${publicUrl()}/${user.username}`;
  const upcoming = bookingsOfTab(bookings.data ?? [], "upcoming", now).slice(0, 5);
  const ownTypes = (types.data ?? []).filter((type) => type.userId === user.id || type.teamId);

  return (
    <>
      <PageHeader
        title={t("dashboard.heading", { name: isolateText(user.name) })}
        description={t("dashboard.signedInAs", { email: user.email })}
      />
      <Card
        title={t("dashboard.home.bookingPage")}
        description={t("dashboard.home.bookingPageHint")}
      >
        <p className="rounded-lg bg-gray-50 px-3 py-2 break-all">
          <a href={pageUrl} target="_blank" rel="noreferrer" className={linkClass}>
            <bdi>{pageUrl}</bdi>
            <span className="sr-only"> {t("dashboard.common.opensInNewTab")}</span>
          </a>
        </p>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={pageUrl} subject={t("dashboard.home.bookingPage")} />
          <ShareCenter title={user.name} url={pageUrl} />
        </div>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card
          title={t("dashboard.home.eventTypes")}
          actions={
            <Link to="/dashboard/event-types" className={linkClass}>
              {t("dashboard.home.allEventTypes")}
            </Link>
          }
        >
          <QueryStatus queries={[types]} />
          {types.data && ownTypes.length === 0 ? (
            <p className="text-gray-700">
              {t("dashboard.home.noEventTypes")}{" "}
              <Link to="/dashboard/event-types" className={linkClass}>
                {t("dashboard.home.createFirst")}
              </Link>
            </p>
          ) : null}
          <ul className="flex flex-col divide-y divide-gray-100">
            {ownTypes.slice(0, 6).map((type) => (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link
                    to={`/dashboard/event-types/${type.id}`}
                    className="font-semibold text-gray-900 hover:underline"
                  >
                    {type.title}
                  </Link>
                  <p className="text-sm text-gray-600">
                    {t("dashboard.common.minutesCount", { count: type.duration })}
                    {type.active ? "" : ` · ${t("dashboard.eventTypes.inactive")}`}
                  </p>
                </div>
                {type.url ? <CopyButton text={type.url} subject={type.title} /> : null}
              </li>
            ))}
          </ul>
        </Card>
        <Card
          title={t("dashboard.home.upcoming")}
          actions={
            <Link to="/dashboard/bookings" className={linkClass}>
              {t("dashboard.home.allBookings")}
            </Link>
          }
        >
          <QueryStatus queries={[bookings]} />
          {bookings.data && upcoming.length === 0 ? (
            <p className="text-gray-700">{t("dashboard.home.noBookings")}</p>
          ) : null}
          <ul className="flex flex-col divide-y divide-gray-100">
            {upcoming.map((booking) => (
              <li key={booking.uuid} className="flex flex-col py-2">
                <span className="font-semibold text-gray-900">{booking.title}</span>
                <span className="text-sm text-gray-700">
                  {format.dateTime(booking.start)} ·{" "}
                  <bdi>{booking.attendees.map((a) => a.name).join(", ")}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
