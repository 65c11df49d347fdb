import { and, eq, isNull } from "drizzle-orm";
import { findSingleUseLink } from "../data/singleUseLinks";
import type { Db } from "../db/database";
import { singleUseLinks } from "../db/schema";
import {
  assertCanManageSingleUseLinks,
  assertCanRevokeSingleUseLink,
  linkUsed,
} from "../policies/singleUseLinks";

/**
 * Revokes an unused single-use link. Throws NOT_FOUND, FORBIDDEN, and CONFLICT for a link that
 * was used already (it is the record of that booking).
 */
export async function singleUseLinkRevoker(
  db: Db,
  userId: string,
  eventTypeId: string,
  linkId: string,
): Promise<void> {
  await assertCanManageSingleUseLinks(db, userId, eventTypeId);
  assertCanRevokeSingleUseLink(await findSingleUseLink(db, eventTypeId, linkId));
  const removed = await db
    .delete(singleUseLinks)
    .where(and(eq(singleUseLinks.id, linkId), isNull(singleUseLinks.usedAt)))
    .returning();
  // Booked between the look-up and the delete.
  if (removed.length === 0) throw linkUsed();
}
