import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { calendarConnectionsQuery } from "../../features/dashboard/api/dashboardQueries";
import { BookingFeedCard } from "../../features/dashboard/calendars/BookingFeedCard";
import { CalendarConnectionCard } from "../../features/dashboard/calendars/CalendarConnectionCard";
import { ConnectCalendarDialog } from "../../features/dashboard/calendars/ConnectCalendarDialog";
import { PageHeader } from "../../features/dashboard/ui/PageHeader";
import { QueryStatus } from "../../features/dashboard/ui/QueryStatus";

/**
 * The host's calendar connections (connect CalDAV or an ICS feed, pick calendars, see health),
 * and the private feed of their own bookings.
 */
export function CalendarsScreen() {
  const { t } = useTranslation();
  const connections = useQuery(calendarConnectionsQuery());
  const [connecting, setConnecting] = useState<"CALDAV" | "ICS" | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <>
      <PageHeader
        title={t("dashboard.calendars.title")}
        description={t("dashboard.calendars.description")}
        actions={
          <>
            <Button onClick={() => setConnecting("CALDAV")}>
              {t("dashboard.calendars.connectCaldav")}
            </Button>
            <Button variant="secondary" onClick={() => setConnecting("ICS")}>
              {t("dashboard.calendars.addFeed")}
            </Button>
          </>
        }
      />
      <QueryStatus queries={[connections]} />
      {connections.data && connections.data.length === 0 ? (
        <p className="text-sm text-gray-700">{t("dashboard.calendars.none")}</p>
      ) : null}
      {connections.data && connections.data.length > 0 ? (
        <ul ref={listRef} className="flex flex-col gap-4">
          {connections.data.map((connection) => (
            <CalendarConnectionCard
              key={connection.id}
              connection={connection}
              onDeleted={() => requestAnimationFrame(() => document.querySelector("h1")?.focus())}
            />
          ))}
        </ul>
      ) : null}
      <BookingFeedCard />
      {connecting ? (
        <ConnectCalendarDialog provider={connecting} onClose={() => setConnecting(null)} />
      ) : null}
    </>
  );
}
