import type { MonthId } from "../time/calendarMonth";
import { isLocalDate } from "../time/localDate";

/**
 * Where the invitee is in the booking page, kept in its address as Calendly and Cal.com do,
 * so that Back and Forward step through it, a reload keeps the place and a link can open a
 * given month or date: `?month=2027-01&date=2027-01-15&slot=2027-01-15T09:00:00.000Z&duration=45`.
 * A `slot` is the details step. Values that do not parse are ignored, as if absent.
 */
export interface BookingUrlState {
  /** The shown month: yyyy-MM, or p + yyyy-MM in the Persian calendar (a MonthId). */
  month: MonthId | null;
  /** The chosen day, yyyy-MM-dd. */
  date: string | null;
  /** The chosen time's instant (ISO 8601, UTC): the details step. */
  slot: string | null;
  /** The chosen duration in minutes, when the event type offers several. */
  duration: number | null;
}

const MONTH = /^p?\d{4}-(0[1-9]|1[0-2])$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DURATION = /^[1-9]\d{0,3}$/;

/** The booking page's state in a query string (`?…` or without the `?`). */
export function readBookingUrl(search: string): BookingUrlState {
  const query = new URLSearchParams(search);
  const month = query.get("month");
  const date = query.get("date");
  const slot = query.get("slot");
  const duration = query.get("duration");
  return {
    month: month !== null && MONTH.test(month) ? month : null,
    date: date !== null && isLocalDate(date) ? date : null,
    slot: slot !== null && INSTANT.test(slot) && !Number.isNaN(Date.parse(slot)) ? slot : null,
    duration: duration !== null && DURATION.test(duration) ? Number(duration) : null,
  };
}

/**
 * `search` with the booking state of `next` written in: a null removes its parameter, a name
 * `next` leaves out stays as it is, and every other parameter (the spec's kept ones, UTM, colours)
 * is left alone. Returns a query string with its `?`, or "" when nothing is left.
 */
export function withBookingUrl(search: string, next: Partial<BookingUrlState>): string {
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(next)) {
    if (value === null || value === undefined) query.delete(name);
    else query.set(name, String(value));
  }
  const written = query.toString();
  return written ? `?${written}` : "";
}
