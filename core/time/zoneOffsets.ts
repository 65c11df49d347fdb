import { unknownTimeZone } from "./unknownTimeZone";

// Latin digits, the Gregorian calendar and a 0-23 hour whatever the user's locale says.
const READING_LOCALE = "en-US-u-ca-gregory-nu-latn";

const formats = new Map<string, Intl.DateTimeFormat>();

function readingFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(READING_LOCALE, {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      throw unknownTimeZone(timeZone);
    }
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The UTC offset (ms, east positive) of `timeZone` at any instant, read from the platform's
 * Intl zone data, so the booking page can convert without loading a Temporal implementation
 * (the server's temporal-polyfill reads the same data). Throws DomainError VALIDATION for an
 * unknown zone.
 */
export function zoneOffsets(timeZone: string): (instant: number) => number {
  const format = readingFormat(timeZone);
  return (instant) => {
    const second = Math.floor(instant / 1000) * 1000;
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(second)) {
      if (part.type !== "literal") parts[part.type] = Number(part.value);
    }
    const wall = new Date(0);
    // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
    wall.setUTCFullYear(parts.year!, parts.month! - 1, parts.day!);
    // Some engines wrote midnight as 24 under hour12: false; h23 should not, but costs nothing.
    wall.setUTCHours(parts.hour! % 24, parts.minute!, parts.second!, 0);
    return wall.getTime() - second;
  };
}
