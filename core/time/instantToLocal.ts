import { Temporal } from "temporal-polyfill";
import { DomainError } from "../errors";
import { message } from "../messages";
import { unknownTimeZone } from "./unknownTimeZone";

/** A wall-clock reading in a zone: `yyyy-MM-dd`, "HH:mm" and the UTC offset in minutes (east positive). */
export interface LocalReading {
  date: string;
  time: string;
  offsetMinutes: number;
}

/** The local date, "HH:mm" (seconds dropped) and offset of an epoch-ms instant in `timeZone`; throws DomainError VALIDATION on a bad zone or instant. */
export function instantToLocal(timeZone: string, instant: number): LocalReading {
  if (!Number.isFinite(instant)) {
    throw new DomainError("VALIDATION", message("time.invalidInstant"), {
      instant: [message("time.expectedEpochInstant")],
    });
  }
  let zoned: Temporal.ZonedDateTime;
  try {
    zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
  } catch {
    throw unknownTimeZone(timeZone);
  }
  return {
    date: zoned.toPlainDate().toString(),
    time: `${String(zoned.hour).padStart(2, "0")}:${String(zoned.minute).padStart(2, "0")}`,
    offsetMinutes: zoned.offsetNanoseconds / 60e9,
  };
}
