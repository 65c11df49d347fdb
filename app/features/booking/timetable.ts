import type {
  TimetableOutOfOffice,
  TimetableResponse,
  TimetableSlotResponse,
} from "../../../core/api/timetable";

/** One slot of the timetable response: its instant, and seats left for GROUP events. */
export type TimetableSlot = TimetableSlotResponse;
/** The timetable response of every /timetable* call (DESIGN "API"). */
export type { TimetableResponse };

/** A bookable time of a day: the response's key ("09:30", or "01:30-05:00" for a repeated hour). */
export interface SlotTime extends TimetableSlot {
  key: string;
}

export interface DayEntry {
  /** yyyy-MM-dd, as the API writes dates. */
  isoDate: string;
  /** yyyy/MM/dd (spec §3). */
  date: string;
  /** In time order. */
  times: SlotTime[];
}

/** The timetable as the booking page reads it (spec §3). */
export interface Timetable {
  /** Days with at least one time, keyed by the date without dashes (yyyyMMdd). */
  days: Record<string, DayEntry>;
  formerTime: string | null;
  firstDate: string | null;
  lastDate: string | null;
  isNotAvailable: boolean;
  maximumDaysChecked: number;
  /** Dates the (one) host is away, with their note and the colleague to book instead. */
  outOfOffice: TimetableOutOfOffice[];
}

/** The key of a yyyy-MM-dd date in Timetable.days. */
export const dayKey = (isoDate: string) => isoDate.replaceAll("-", "");

/** Turns a timetable response into per-day entries with sorted times. */
export function toTimetable(response: TimetableResponse): Timetable {
  const days: Record<string, DayEntry> = {};
  for (const { date, slots } of response.timetable) {
    const times = Object.entries(slots)
      .map(([key, slot]) => ({ key, ...slot }))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    if (times.length === 0) continue;
    days[dayKey(date)] = { isoDate: date, date: date.replaceAll("-", "/"), times };
  }
  return {
    days,
    formerTime: response.formerTime,
    firstDate: response.firstDate,
    lastDate: response.lastDate,
    isNotAvailable: response.isNotAvailable,
    maximumDaysChecked: response.maximumDaysChecked,
    outOfOffice: response.outOfOffice ?? [],
  };
}

/** The away period `isoDate` lies in, if any. */
export function outOfOfficeOn(
  timetable: Timetable | undefined,
  isoDate: string | null,
): TimetableOutOfOffice | null {
  if (!timetable || isoDate === null) return null;
  return (
    timetable.outOfOffice.find(
      (period) => period.startDate <= isoDate && isoDate <= period.endDate,
    ) ?? null
  );
}

/** The chosen time, carried from the calendar to the details form. */
export interface SlotSelection {
  slot: SlotTime;
  isoDate: string;
}
