import { DomainError } from "../errors";
import { message } from "../messages";

/** Minutes in a day; "24:00" parses to this. */
export const MINUTES_PER_DAY = 1440;

const TIME_PATTERN = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes after midnight of an "HH:mm" wall-clock time ("24:00" is 1440), or null when malformed; never throws. */
export function tryParseWallTime(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > MINUTES_PER_DAY ? null : minutes;
}

/** Minutes after midnight of an "HH:mm" wall-clock time ("24:00" is 1440); throws DomainError VALIDATION when malformed. */
export function parseWallTime(time: string, field = "time"): number {
  const minutes = tryParseWallTime(time);
  if (minutes === null) {
    throw new DomainError("VALIDATION", message("time.invalidTime", { time }), {
      [field]: [message("time.expectedTime")],
    });
  }
  return minutes;
}

/** The "HH:mm" of minutes after midnight (fractions are dropped; 1440 gives "24:00"); never throws. */
export function formatWallTime(minutes: number): string {
  const whole = Math.floor(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole - hours * 60;
  return `${hours < 10 ? "0" : ""}${hours}:${rest < 10 ? "0" : ""}${rest}`;
}
