import { constants, gzipSync } from "node:zlib";
import type { TimetableResponse, TimetableSlotResponse } from "../../../core/api/timetable";
import type { Slot } from "../../../core/availability/types";
import { MAXIMUM_DAYS_CHECKED, type Timetable } from "../../availability/loadTimetable";
import type { TimetableAnswer } from "../../availability/timetableService";

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

/**
 * An answer as the response object, with its out-of-office notices; `publicUrl` makes the links
 * to the colleagues they name.
 */
export function presentAnswer(answer: TimetableAnswer, publicUrl: string): TimetableResponse {
  const { formerTime, outOfOffice } = answer;
  const presented = presentTimetable(answer.timetable, { formerTime, withSeats: answer.withSeats });
  if (outOfOffice.length === 0) return presented;
  return {
    ...presented,
    outOfOffice: outOfOffice.map(({ colleague, ...period }) => ({
      ...period,
      // Moving a booking stays with its host: only a new booking is pointed to a colleague.
      colleague:
        colleague === null || formerTime !== null
          ? null
          : { name: colleague.name, url: `${publicUrl}/${encodeURIComponent(colleague.username)}` },
    })),
  };
}

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "x-gzip") return false;
    return !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

// Gzipped answers by the timetable object. The cache hands out the same timetable object on every
// hit until its hosts' busy time changes, so each cached answer is compressed once and then sent
// as is, where @fastify/compress would compress it again on every request.
const gzipped = new WeakMap<object, Buffer>();

/**
 * timetableJson's text, or its gzip (memoised on the timetable object) when `gzip`: the body of a
 * new booking's timetable without out-of-office notices.
 */
export function timetableBody(
  timetable: Timetable,
  options: { withSeats: boolean; gzip: boolean },
): string | Buffer {
  if (!options.gzip) return timetableJson(timetable, options);
  let body = gzipped.get(timetable);
  if (body === undefined) {
    // The fastest level: a month's answer compresses in a quarter of the default's time to a few
    // hundred bytes more, and a cold answer waits for it.
    body = gzipSync(timetableJson(timetable, options), { level: constants.Z_BEST_SPEED });
    gzipped.set(timetable, body);
  }
  return body;
}
