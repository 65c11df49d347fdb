import { and, eq, isNull } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import { hostInvitations } from "../db/schema";
import { assertInstanceOwner } from "../policies/hostInvitations";

/**
 * The owner takes back an unanswered host invitation: its link stops working. Throws FORBIDDEN
 * for anyone but the owner, NOT_FOUND when no unanswered invitation has that id.
 */
export async function hostInvitationRevoker(db: Db, userId: string, invitationId: string) {
  assertInstanceOwner(await findUserById(db, userId));
  const removed = await db
    .delete(hostInvitations)
    .where(and(eq(hostInvitations.id, invitationId), isNull(hostInvitations.acceptedAt)))
    .returning({ id: hostInvitations.id });
  if (removed.length === 0) throw new DomainError("NOT_FOUND", message("hosts.invitationNotFound"));
}
