import { Temporal } from "temporal-polyfill";
import { DomainError } from "../errors";

/** A wall-clock reading in a zone: `yyyy-MM-dd`, "HH:mm" and the UTC offset in minutes (east positive). */
export interface LocalReading {
  date: string;
  time: string;
  offsetMinutes: number;
}

/** The local date, "HH:mm" (seconds dropped) and offset of an epoch-ms instant in `timeZone`; throws DomainError VALIDATION on a bad zone or instant. */
export function instantToLocal(timeZone: string, instant: number): LocalReading {
  if (!Number.isFinite(instant)) {
    throw new DomainError("VALIDATION", "Invalid instant.", {
      instant: ["Expected an instant in epoch milliseconds."],
    });
  }
  let zoned: Temporal.ZonedDateTime;
  try {
    zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
  } catch {
    throw new DomainError("VALIDATION", `Unknown time zone: ${timeZone}`, {
      timeZone: ["Unknown time zone."],
    });
  }
  return {
    date: zoned.toPlainDate().toString(),
    time: `${String(zoned.hour).padStart(2, "0")}:${String(zoned.minute).padStart(2, "0")}`,
    offsetMinutes: zoned.offsetNanoseconds / 60e9,
  };
}
