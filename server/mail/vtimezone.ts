import { Temporal } from "temporal-polyfill";

const pad = (value: number, size = 2) => String(Math.abs(value)).padStart(size, "0");

function offsetText(nanoseconds: number): string {
  const minutes = Math.round(nanoseconds / 60e9);
  const sign = minutes < 0 ? "-" : "+";
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

function localText(zoned: Temporal.ZonedDateTime | Temporal.PlainDateTime): string {
  return (
    `${pad(zoned.year, 4)}${pad(zoned.month)}${pad(zoned.day)}` +
    `T${pad(zoned.hour)}${pad(zoned.minute)}${pad(zoned.second)}`
  );
}

/**
 * The VTIMEZONE component of `timeZone` for a recurring invite whose occurrences lie in
 * [from, to] (epoch ms): the offset in force at `from`, then every transition up to `to`, each
 * as its own STANDARD or DAYLIGHT part (no rules to guess), so a calendar expands the RRULE at
 * the same wall-clock time the server booked. Null for a zone Temporal does not know.
 */
export function vtimezone(timeZone: string, from: number, to: number): string | null {
  let zoned: Temporal.ZonedDateTime;
  try {
    zoned = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(timeZone);
  } catch {
    return null;
  }
  const part = (onset: Temporal.ZonedDateTime, before: number, after: number): string[] => {
    const kind = after > before ? "DAYLIGHT" : "STANDARD";
    // DTSTART is the onset in the local time in force before it (RFC 5545 3.6.5).
    const local = onset.toPlainDateTime().subtract({ nanoseconds: after - before });
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localText(local)}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    ];
  };
  const initial = zoned.offsetNanoseconds;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  // The offset in force before the first occurrence, as a part of its own one day earlier.
  lines.push(
    "BEGIN:STANDARD",
    `DTSTART:${localText(zoned.subtract({ hours: 24 }))}`,
    `TZOFFSETFROM:${offsetText(initial)}`,
    `TZOFFSETTO:${offsetText(initial)}`,
    "END:STANDARD",
  );
  let before = initial;
  for (;;) {
    const next = zoned.getTimeZoneTransition("next");
    if (next === null || next.epochMilliseconds > to) break;
    lines.push(...part(next, before, next.offsetNanoseconds));
    before = next.offsetNanoseconds;
    zoned = next;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
