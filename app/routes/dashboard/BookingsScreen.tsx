import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { QueryStatus } from "../../components/QueryStatus";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { bookingsQuery, eventTypesQuery } from "../../features/dashboard/api/dashboardQueries";
import type { Booking } from "../../features/dashboard/api/types";
import { BookingDetailsDialog } from "../../features/dashboard/bookings/BookingDetailsDialog";
import {
  type BookingTab,
  bookingFilter,
  bookingsOfTab,
  matchesSearch,
} from "../../features/dashboard/bookings/bookingWindow";
import { useFormatters } from "../../features/dashboard/useFormatters";

const TABS: BookingTab[] = ["upcoming", "past", "cancelled"];

/** Upcoming, past and cancelled bookings, filtered by date, event type and text. */
export function BookingsScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [tab, setTab] = useState<BookingTab>("upcoming");
  const [range, setRange] = useState({ from: "", to: "" });
  const [search, setSearch] = useState("");
  const [eventTypeId, setEventTypeId] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  // The filters start folded on phones, where they would push the list below the fold.
  const [wide] = useState(() => window.matchMedia("(min-width: 640px)").matches);
  // One clock reading per tab and range, so the query key stays stable between renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tab and range mark a new reading.
  const now = useMemo(() => new Date(), [tab, range]);
  const bookings = useQuery(bookingsQuery(bookingFilter(tab, now, range)));
  const types = useQuery(eventTypesQuery());
  const list = bookingsOfTab(bookings.data ?? [], tab, now).filter(
    (b) => matchesSearch(b, search) && (!eventTypeId || b.eventType.id === eventTypeId),
  );
  const open = bookings.data?.find((b) => b.uuid === openId) ?? null;

  const byDay = new Map<string, Booking[]>();
  for (const booking of list) {
    const day = format.longDate(booking.start);
    byDay.set(day, [...(byDay.get(day) ?? []), booking]);
  }

  return (
    <>
      <PageHeader
        title={t("dashboard.bookings.title")}
        description={t("dashboard.bookings.description")}
      />
      <fieldset className="flex gap-1 self-start rounded-lg bg-gray-200/70 p-1">
        <legend className="sr-only">{t("dashboard.bookings.tabsLabel")}</legend>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={tab === id}
            onClick={() => setTab(id)}
            className={`min-h-11 rounded-md px-3 py-2 font-semibold ${
              tab === id ? "bg-brand-700 text-white shadow-sm" : "text-gray-700 hover:text-gray-900"
            }`}
          >
            {t(`dashboard.bookings.tabs.${id}`)}
          </button>
        ))}
      </fieldset>
      <details open={wide} className="group rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 text-lg font-bold text-gray-900">
          {/* › is a mirrored glyph (‹ in rtl), so rtl turns the other way to point down. */}
          <span
            aria-hidden="true"
            className="transition-transform group-open:rotate-90 rtl:group-open:-rotate-90"
          >
            ›
          </span>
          {t("dashboard.bookings.filters")}
        </summary>
        <div className="grid gap-4 pt-3 sm:grid-cols-2 xl:grid-cols-4">
          <TextField
            label={t("dashboard.bookings.search")}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label={t("dashboard.bookings.eventType")}
            value={eventTypeId}
            onChange={(event) => setEventTypeId(event.target.value)}
            options={[
              { value: "", label: t("dashboard.bookings.allEventTypes") },
              ...(types.data ?? []).map((type) => ({ value: type.id, label: type.title })),
            ]}
          />
          <TextField
            label={t("dashboard.bookings.from")}
            type="date"
            value={range.from}
            onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
          />
          <TextField
            label={t("dashboard.bookings.to")}
            type="date"
            value={range.to}
            onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
          />
        </div>
      </details>
      <QueryStatus queries={[bookings]} />
      {bookings.data ? (
        list.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-gray-700 shadow-sm">
            {t(`dashboard.bookings.empty.${tab}`)}
          </p>
        ) : (
          <div className="flex flex-col gap-4" aria-live="polite">
            {[...byDay.entries()].map(([day, items]) => (
              <section key={day} className="flex flex-col gap-2" aria-label={day}>
                <h2 className="font-bold text-gray-900">{day}</h2>
                <ul className="flex flex-col gap-2">
                  {items.map((booking) => (
                    <BookingRow
                      key={booking.uuid}
                      booking={booking}
                      onOpen={() => setOpenId(booking.uuid)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )
      ) : null}
      {open ? <BookingDetailsDialog booking={open} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function BookingRow({ booking, onOpen }: { booking: Booking; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const confirmed = booking.attendees.filter((a) => a.status === "CONFIRMED");
  const who =
    booking.eventType.kind === "GROUP"
      ? t("dashboard.bookings.attendeeCount", { count: confirmed.length })
      : (booking.attendees[0]?.name ?? "");
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <div className="flex min-w-0 flex-col gap-0.5 [overflow-wrap:anywhere]">
        <p className="font-semibold text-gray-900">
          {format.timeRange(booking.start, booking.end)} · {booking.title}
        </p>
        <p className="text-sm text-gray-700">
          <bdi>{who}</bdi>
          {booking.status !== "CONFIRMED"
            ? ` · ${t(`dashboard.bookings.status.${booking.status}`)}`
            : ""}
        </p>
        {booking.calendarChange && booking.status === "CONFIRMED" ? (
          <p className="text-sm font-semibold text-amber-800">
            {t(`dashboard.bookings.calendarChange.${booking.calendarChange}`)}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onOpen}
        className="inline-flex min-h-11 items-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
      >
        {t("dashboard.bookings.details")}
        <span className="sr-only">
          {" "}
          {booking.title}, {format.dateTime(booking.start)}
        </span>
      </button>
    </li>
  );
}
