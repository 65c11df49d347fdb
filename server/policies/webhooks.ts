import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { roleInTeam } from "../data/teams";
import { findUserById } from "../data/users";
import { findWebhook, type WebhookRow } from "../data/webhooks";
import type { Db, Tx } from "../db/database";
import { assertTeamAdmin, canAdministerTeam } from "./teams";

/**
 * A host's own subscription is theirs alone; a team's is managed by the team's admins. To
 * anyone else (plain members included) it does not exist.
 */
export async function canManageWebhook(
  db: Db | Tx,
  userId: string,
  hook: Pick<WebhookRow, "userId" | "teamId">,
): Promise<boolean> {
  if (hook.userId !== null) return hook.userId === userId;
  if (hook.teamId === null) return false;
  return canAdministerTeam(await roleInTeam(db, userId, hook.teamId));
}

/** The subscription when the caller manages it; NOT_FOUND otherwise. */
export async function loadManagedWebhook(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<WebhookRow> {
  const hook = await findWebhook(db, id);
  if (hook === null || !(await canManageWebhook(db, userId, hook))) {
    throw new DomainError("NOT_FOUND", message("webhooks.notFound"));
  }
  return hook;
}

/**
 * Refuses (FORBIDDEN) to point a subscription anywhere, by creating it, changing its URL or
 * pinging it, while the caller's address is unverified: someone who signed up on another
 * person's address would go on receiving that person's bookings after the owner takes the
 * account over.
 */
export function assertCanTargetWebhook(caller: { emailVerifiedAt: Date | null } | null): void {
  if (caller?.emailVerifiedAt == null) {
    throw new DomainError("FORBIDDEN", message("account.verifyEmailFirst"));
  }
}

/**
 * A host with a verified address may subscribe for themselves; for a team, only its admins
 * (NOT_FOUND for outsiders, FORBIDDEN for plain members and for an unverified address).
 */
export async function assertMayAddWebhook(
  db: Db | Tx,
  userId: string,
  teamId: string | null,
): Promise<void> {
  if (teamId !== null) await assertTeamAdmin(db, userId, teamId);
  assertCanTargetWebhook(await findUserById(db, userId));
}
