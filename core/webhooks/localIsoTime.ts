import { instantToLocal } from "../time/instantToLocal";

/**
 * An instant as ISO 8601 wall-clock time in `timeZone` with its offset, seconds included
 * ("2026-12-01T10:00:00+01:00"); throws DomainError VALIDATION on a bad zone.
 */
export function localIsoTime(timeZone: string, instant: number): string {
  const local = instantToLocal(timeZone, instant);
  const sign = local.offsetMinutes < 0 ? "-" : "+";
  const minutes = Math.abs(local.offsetMinutes);
  const offset = `${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const seconds = String(Math.floor((((instant / 1000) % 60) + 60) % 60)).padStart(2, "0");
  return `${local.date}T${local.time}:${seconds}${offset}`;
}
