import { and, asc, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/database";
import { hostInvitations } from "../db/schema";

/** The host invitations not yet used nor expired at `now`, oldest first. */
export async function listOpenHostInvitations(db: Db, now: Date) {
  return db
    .select({
      id: hostInvitations.id,
      email: hostInvitations.email,
      createdAt: hostInvitations.createdAt,
      expiresAt: hostInvitations.expiresAt,
    })
    .from(hostInvitations)
    .where(and(isNull(hostInvitations.acceptedAt), gt(hostInvitations.expiresAt, now)))
    .orderBy(asc(hostInvitations.createdAt));
}
