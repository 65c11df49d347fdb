import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

/**
 * A host changes their own brand colours unless a team they are a plain member of locks them
 * (`colorLock`, from colorLockOfUser): then the team's colours are theirs.
 */
export function canChangeBrandColors(colorLock: { teamId: string } | null): boolean {
  return colorLock === null;
}

/** Refuses (FORBIDDEN) a change of locked brand colours. */
export function assertCanChangeBrandColors(colorLock: { teamId: string } | null): void {
  if (!canChangeBrandColors(colorLock)) {
    throw new DomainError("FORBIDDEN", message("profile.colorsLocked"));
  }
}
