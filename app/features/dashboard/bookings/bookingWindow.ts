import type { BookingFilter } from "../api/dashboardQueries";
import type { Booking } from "../api/types";

export type BookingTab = "upcoming" | "past" | "cancelled";

/** The API filter of a tab; dates (yyyy-MM-dd, the host's days) narrow it further. */
export function bookingFilter(
  tab: BookingTab,
  now: Date,
  range: { from: string; to: string },
): BookingFilter {
  const nowIso = now.toISOString();
  if (tab === "cancelled") {
    return { status: "CANCELLED", from: range.from || undefined, to: range.to || undefined };
  }
  if (tab === "upcoming") {
    const from = range.from && `${range.from}` > nowIso.slice(0, 10) ? range.from : nowIso;
    return { from, to: range.to || undefined };
  }
  return { from: range.from || undefined, to: range.to || nowIso };
}

/** What a tab lists, in its order: upcoming soonest first, the others latest first. */
export function bookingsOfTab(bookings: readonly Booking[], tab: BookingTab, now: Date): Booking[] {
  const at = now.getTime();
  const list = bookings.filter((b) => {
    if (tab === "cancelled") return b.status === "CANCELLED";
    if (b.status === "CANCELLED") return false;
    return tab === "upcoming" ? Date.parse(b.end) > at : Date.parse(b.end) <= at;
  });
  const sign = tab === "upcoming" ? 1 : -1;
  return list.sort((a, b) => sign * (Date.parse(a.start) - Date.parse(b.start)));
}

/** Whether a booking matches a search: title, attendee names and emails, case-insensitively. */
export function matchesSearch(booking: Booking, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [booking.title, ...booking.attendees.flatMap((a) => [a.name, a.email])].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
