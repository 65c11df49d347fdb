import { Temporal } from "temporal-polyfill";
import { formatLocalDate, parseLocalDate } from "./localDate";
import type { Edge } from "./offsetTimeline";
import { unknownTimeZone } from "./unknownTimeZone";
import { formatWallTime, MINUTES_PER_DAY, parseWallTime } from "./wallTime";

/**
 * The epoch-ms instant of a wall-clock `time` ("HH:mm", "24:00" allowed) on `date` in `timeZone`.
 * A repeated time gives its earlier instant for a "start" and its later one for an "end"; a time in a
 * spring-forward gap gives the transition instant. Throws DomainError VALIDATION on a bad zone, date or time.
 */
export function localToInstant(
  timeZone: string,
  date: string,
  time: string,
  edge: Edge = "start",
): number {
  const minutes = parseWallTime(time);
  const day = parseLocalDate(date);
  const [onDay, minute] = minutes === MINUTES_PER_DAY ? [day + 1, 0] : [day, minutes];
  const local = Temporal.PlainDateTime.from(`${formatLocalDate(onDay)}T${formatWallTime(minute)}`);
  let earlier: Temporal.ZonedDateTime;
  try {
    earlier = local.toZonedDateTime(timeZone, { disambiguation: "earlier" });
  } catch {
    throw unknownTimeZone(timeZone);
  }
  if (!earlier.toPlainDateTime().equals(local)) {
    // "earlier" lands before the gap; the first existing instant after it is the next transition.
    const transition = earlier.getTimeZoneTransition("next");
    return transition === null ? earlier.epochMilliseconds : transition.epochMilliseconds;
  }
  if (edge === "start") return earlier.epochMilliseconds;
  return local.toZonedDateTime(timeZone, { disambiguation: "later" }).epochMilliseconds;
}
