import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findOutOfOffice, isColleague, type OutOfOfficeRow } from "../data/outOfOffice";
import type { Db, Tx } from "../db/database";

/**
 * An out-of-office period is its host's alone: only they see, change or delete it; another
 * host's period does not exist for anyone else.
 */
export function canManageOutOfOffice(userId: string, period: { userId: string }): boolean {
  return period.userId === userId;
}

/** The period when the caller owns it; NOT_FOUND otherwise. */
export async function loadManagedOutOfOffice(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<OutOfOfficeRow> {
  const period = await findOutOfOffice(db, id);
  if (period === null || !canManageOutOfOffice(userId, period)) {
    throw new DomainError("NOT_FOUND", message("outOfOffice.notFound"));
  }
  return period;
}

/**
 * A host may name as colleague only a verified, accepted fellow member of one of their teams, so
 * nobody is named (and shown to invitees) who did not join a team with the host. VALIDATION on
 * `colleagueId` otherwise; null (no colleague) always passes.
 */
export async function assertMayNameColleague(
  db: Db | Tx,
  userId: string,
  colleagueId: string | null,
): Promise<void> {
  if (colleagueId === null) return;
  if (await isColleague(db, userId, colleagueId)) return;
  throw new DomainError("VALIDATION", message("outOfOffice.colleagueNotAllowed"), {
    colleagueId: [message("outOfOffice.colleagueNotAllowed")],
  });
}
