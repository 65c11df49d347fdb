import type { TimetableResponse, TimetableSlotResponse } from "../../../core/api/timetable";
import { dateTimeFormat, isoDateInZone } from "../../../core/i18n/dateFormat";

/** An instant's wall time "HH:mm" in `timeZone`, and the zone's UTC offset then, in minutes. */
function wallTime(instant: number, timeZone: string): { time: string; offset: number } {
  const parts = dateTimeFormat("en-US", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
  );
  const minute = Math.floor(instant / 60_000) * 60_000;
  const time = `${String(part("hour")).padStart(2, "0")}:${String(part("minute")).padStart(2, "0")}`;
  return { time, offset: Math.round((asUtc - minute) / 60_000) };
}

const offsetLabel = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

/**
 * A month's timetable call in `toZone`, answered from the server's answer for the same event in
 * `fromZone` over the month with two days' margin each side (`margin`): the slots are instants,
 * so the month's days in the other zone are those of the margin read there — the answer the
 * call would give, without asking. `path` is the month's call in `fromZone`; the result names
 * the same call in `toZone`. Null when the margin cannot tell (the month is empty there and the
 * margin's first free date lies before it, or the host is away on dates near it): the page asks
 * the server then.
 */
export function retimeTimetable(
  path: string,
  margin: TimetableResponse,
  fromZone: string,
  toZone: string,
): { path: string; body: TimetableResponse } | null {
  const at = path.indexOf("?");
  if (at < 0) return null;
  const query = new URLSearchParams(path.slice(at + 1));
  const start = query.get("start");
  const end = query.get("end");
  if (start === null || end === null || query.get("timezone") !== fromZone) return null;
  // Away periods are dates in the answer's zone, whose instants the answer does not give.
  if ((margin.outOfOffice ?? []).length > 0) return null;
  query.set("timezone", toZone);

  const slots = margin.timetable
    .flatMap((day) => Object.values(day.slots))
    .map((slot) => ({ slot, instant: Date.parse(slot.start) }))
    .sort((a, b) => a.instant - b.instant);
  const days = new Map<string, Record<string, TimetableSlotResponse>>();
  let after: string | null = null;
  for (const { slot, instant } of slots) {
    const date = isoDateInZone(instant, toZone);
    if (date > end) {
      after ??= date;
      continue;
    }
    if (date < start) continue;
    let day = days.get(date);
    if (!day) {
      day = {};
      days.set(date, day);
    }
    const { time, offset } = wallTime(instant, toZone);
    day[Object.hasOwn(day, time) ? `${time}${offsetLabel(offset)}` : time] = slot;
  }

  const firstInMonth = days.keys().next().value ?? null;
  let firstDate: string | null;
  let isNotAvailable = false;
  if (firstInMonth !== null) firstDate = firstInMonth;
  else if (after !== null) firstDate = after;
  else if (margin.isNotAvailable) {
    firstDate = null;
    isNotAvailable = true;
  } else if (margin.firstDate !== null && slots.length === 0) {
    // Found by the server's search beyond the margin: a date in the other zone, a day off at most.
    firstDate = margin.firstDate;
  } else return null;

  const body: TimetableResponse = {
    timetable: [...days].map(([date, daySlots]) => ({ date, slots: daySlots })),
    formerTime: margin.formerTime,
    firstDate,
    lastDate: margin.lastDate,
    isNotAvailable,
    maximumDaysChecked: margin.maximumDaysChecked,
  };
  return { path: `${path.slice(0, at)}?${query}`, body };
}
