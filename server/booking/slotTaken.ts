import { DomainError } from "../../core/errors";

const SLOT_TAKEN_MESSAGE =
  "The selected time is not available anymore. Please choose another time.";

/** The spec's SLOT_NOT_AVAILABLE_ANYMORE. */
export function slotTaken(): DomainError {
  return new DomainError("SLOT_NOT_AVAILABLE_ANYMORE", SLOT_TAKEN_MESSAGE);
}
