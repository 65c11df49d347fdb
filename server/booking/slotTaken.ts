import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/**
 * The spec's SLOT_NOT_AVAILABLE_ANYMORE. `full`: a group meeting whose seats are all taken,
 * told as such ("fully booked") rather than as a time that went away.
 */
export function slotTaken({ full = false }: { full?: boolean } = {}): DomainError {
  return new DomainError(
    "SLOT_NOT_AVAILABLE_ANYMORE",
    message(full ? "booking.slotFullyBooked" : "booking.slotTaken"),
  );
}
