import type { TimetableResponse, TimetableSlotResponse } from "../../../core/api/timetable";
import type { Slot } from "../../../core/availability/types";
import { MAXIMUM_DAYS_CHECKED, type Timetable } from "../../availability/loadTimetable";

/** An epoch-ms instant as "yyyy-MM-ddTHH:mm:ssZ" (milliseconds only when there are any). */
function isoInstant(instant: number): string {
  const iso = new Date(instant).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/** A UTC offset in minutes as "+hh:mm" / "-hh:mm". */
function offsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hours = Math.floor(abs / 60);
  const minutes = abs % 60;
  return `${sign}${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/**
 * A day's slots keyed by invitee wall-clock time. When the clock goes back, one "HH:mm" names two
 * instants: the earlier keeps the plain key, the later one gets its UTC offset appended.
 */
function slotMap(slots: readonly Slot[], withSeats: boolean) {
  const map: Record<string, TimetableSlotResponse> = {};
  const ordered = [...slots].sort((a, b) => a.start - b.start);
  for (const slot of ordered) {
    const key = Object.hasOwn(map, slot.localTime)
      ? `${slot.localTime}${offsetLabel(slot.offsetMinutes)}`
      : slot.localTime;
    const start = isoInstant(slot.start);
    map[key] =
      withSeats && slot.seatsLeft !== null ? { start, seatsLeft: slot.seatsLeft } : { start };
  }
  return map;
}

/** The timetable response of DESIGN.md; which hosts could take a slot is never shown. */
export function presentTimetable(
  timetable: Timetable,
  options: { formerTime: Date | null; withSeats: boolean },
): TimetableResponse {
  return {
    timetable: timetable.days.map((day) => ({
      date: day.date,
      slots: slotMap(day.slots, options.withSeats),
    })),
    formerTime: options.formerTime === null ? null : isoInstant(options.formerTime.getTime()),
    firstDate: timetable.firstDate,
    lastDate: timetable.lastDate,
    isNotAvailable: timetable.isNotAvailable,
    maximumDaysChecked: MAXIMUM_DAYS_CHECKED,
  };
}

// A cached timetable hands out the same day objects until its hosts' busy time changes, so each
// day is turned into JSON once: a warm request joins strings.
const dayJson = [new WeakMap<object, string>(), new WeakMap<object, string>()] as const;

/**
 * presentTimetable's response for a new booking (no former time, no out-of-office notices) as JSON
 * text, each day's part memoised on the day object; the same JSON the response schema would
 * write, built without a per-request pass over every slot.
 */
export function timetableJson(timetable: Timetable, options: { withSeats: boolean }): string {
  const memo = dayJson[options.withSeats ? 1 : 0];
  const parts: string[] = [];
  for (const day of timetable.days) {
    let json = memo.get(day);
    if (json === undefined) {
      json = JSON.stringify({ date: day.date, slots: slotMap(day.slots, options.withSeats) });
      memo.set(day, json);
    }
    parts.push(json);
  }
  return `{"timetable":[${parts.join(",")}],"formerTime":null,"firstDate":${JSON.stringify(timetable.firstDate)},"lastDate":${JSON.stringify(timetable.lastDate)},"isNotAvailable":${timetable.isNotAvailable},"maximumDaysChecked":${MAXIMUM_DAYS_CHECKED}}`;
}
