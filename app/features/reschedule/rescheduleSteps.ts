import type { EventViewResponse } from "../../../core/api/events";
import type { CalendarType } from "../../../core/i18n/intlLocale";
import type { BookingUrlState } from "../../../core/routing/bookingUrlState";
import { type MonthId, monthOf } from "../../../core/time/calendarMonth";
import { dayKey, type SlotSelection, type Timetable } from "../booking/timetable";

/**
 * The reschedule page's steps, kept in its address as the booking page keeps its own
 * (bookingUrlState.ts): `?month=…&date=…&slot=…`, a `slot` being the confirm step. Back,
 * Forward and a reload so step through them as on the booking page.
 */

/** What the page remembers beside its address. */
export interface RescheduleState {
  /** The time picked (or the address named and the timetable confirmed), kept over refetches. */
  picked: SlotSelection | null;
  /** Why the times show again: focus returns to them (and says why) after Back or a clash. */
  returned: "back" | "slotTaken" | null;
  /** Whether the page pushed the confirm entry: then its Back is the browser's Back. */
  pushedConfirm: boolean;
  /** The series meeting picked to move, when the link's event is one of a series. */
  occurrence: string | undefined;
  reason: string;
  alert: string | undefined;
  pending: boolean;
  /** The event once moved: the done panel. */
  moved: EventViewResponse | null;
}

export const initialRescheduleState: RescheduleState = {
  picked: null,
  returned: null,
  pushedConfirm: false,
  occurrence: undefined,
  reason: "",
  alert: undefined,
  pending: false,
  moved: null,
};

export type RescheduleAction =
  /** The invitee picked a time: the page pushes the confirm entry. */
  | { type: "picked"; selection: SlotSelection }
  /** The time the address named is in the timetable. */
  | { type: "found"; selection: SlotSelection }
  /** The page's Back button. */
  | { type: "back" }
  /** The time was taken meanwhile (409), or the address named one that is not bookable. */
  | { type: "slotTaken" }
  | { type: "occurrence"; uuid: string }
  | { type: "reason"; text: string }
  | { type: "submit" }
  | { type: "failed"; message: string | undefined }
  | { type: "moved"; event: EventViewResponse };

export function rescheduleReducer(
  state: RescheduleState,
  action: RescheduleAction,
): RescheduleState {
  switch (action.type) {
    case "picked":
      return { ...state, picked: action.selection, returned: null, pushedConfirm: true };
    case "found":
      return { ...state, picked: action.selection };
    case "back":
      return { ...state, returned: "back", pushedConfirm: false };
    case "slotTaken":
      return { ...state, picked: null, returned: "slotTaken", pushedConfirm: false };
    case "occurrence":
      return { ...state, occurrence: action.uuid, picked: null };
    case "reason":
      return { ...state, reason: action.text };
    case "submit":
      return { ...state, pending: true, alert: undefined };
    case "failed":
      return { ...state, pending: false, alert: action.message };
    case "moved":
      return { ...state, pending: false, moved: action.event };
  }
}

/** The time the address names, and whether the page has it, waits for it, or lacks it. */
export interface NamedSlot {
  /** The instant of `slot` (with a `date`), else null. */
  named: string | null;
  /** The time to confirm: the one picked, or the named one once the timetable has it. */
  selection: SlotSelection | null;
  /** The named time is being looked up in its month's timetable. */
  lookingUp: boolean;
  /** The timetable came and has no such time (taken, past, or never offered). */
  missing: boolean;
}

/**
 * Reads the address's time against what the page picked and the timetable of its month: a time
 * named by the address (a reload, Forward, a link) is taken only once the timetable has it.
 */
export function namedSlot(
  url: Pick<BookingUrlState, "date" | "slot">,
  picked: SlotSelection | null,
  lookup: { timetable: Timetable | undefined; status: "pending" | "error" | "success" },
): NamedSlot {
  const named = url.slot !== null && url.date !== null ? url.slot : null;
  if (named === null) return { named, selection: null, lookingUp: false, missing: false };
  if (picked !== null && sameInstant(picked.slot.start, named)) {
    return { named, selection: picked, lookingUp: false, missing: false };
  }
  const found = url.date
    ? lookup.timetable?.days[dayKey(url.date)]?.times.find((slot) => sameInstant(slot.start, named))
    : undefined;
  if (found && url.date) {
    return {
      named,
      selection: { slot: found, isoDate: url.date },
      lookingUp: false,
      missing: false,
    };
  }
  const missing = lookup.status === "success";
  return { named, selection: null, lookingUp: !missing, missing };
}

/** The address's change when the invitee picks a time of `isoDate`: the confirm step. */
export const confirmStepOf = (
  isoDate: string,
  start: string,
  calendarType: CalendarType,
): Partial<BookingUrlState> => ({
  month: monthOf(isoDate, calendarType),
  date: isoDate,
  slot: start,
});

/** The address's change when the invitee picks a day. */
export const dateStepOf = (
  isoDate: string,
  calendarType: CalendarType,
): Partial<BookingUrlState> => ({
  month: monthOf(isoDate, calendarType),
  date: isoDate,
  slot: null,
});

/** The address's change when the month turns: by the invitee, it forgets the day and time. */
export const monthStepOf = (month: MonthId, how: "user" | "auto"): Partial<BookingUrlState> =>
  how === "user" ? { month, date: null, slot: null } : { month };

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);
