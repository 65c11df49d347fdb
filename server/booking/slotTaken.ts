import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/** The spec's SLOT_NOT_AVAILABLE_ANYMORE. */
export function slotTaken(): DomainError {
  return new DomainError("SLOT_NOT_AVAILABLE_ANYMORE", message("booking.slotTaken"));
}
