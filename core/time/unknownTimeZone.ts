import { DomainError } from "../errors";
import { message } from "../messages";

/** The VALIDATION error for a zone name no time zone database knows, on the `timeZone` field. */
export function unknownTimeZone(zone: string): DomainError {
  return new DomainError("VALIDATION", message("time.unknownNamedTimeZone", { zone }), {
    timeZone: [message("time.unknownTimeZone")],
  });
}
