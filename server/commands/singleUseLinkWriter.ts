import { and, eq, isNull } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { DomainError } from "../../core/errors";
import { findEventType } from "../data/eventTypes";
import { findSingleUseLink, type SingleUseLinkRow } from "../data/singleUseLinks";
import type { Db } from "../db/database";
import { singleUseLinks } from "../db/schema";
import { assertCanManage } from "./eventTypeWriter";

// 16 characters of 55 without look-alikes: about 92 bits, so links cannot be guessed.
const newToken = customAlphabet("23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ", 16);

/** Loads an event type the caller manages; throws NOT_FOUND or FORBIDDEN otherwise. */
export async function managedEventType(db: Db, userId: string, eventTypeId: string) {
  const type = await findEventType(db, eventTypeId);
  if (!type) throw new DomainError("NOT_FOUND", "Event type not found.");
  await assertCanManage(db, userId, type);
  return type;
}

/** Creates a link that books the event type once. Throws NOT_FOUND, FORBIDDEN. */
export async function singleUseLinkCreator(
  db: Db,
  userId: string,
  eventTypeId: string,
): Promise<SingleUseLinkRow> {
  await managedEventType(db, userId, eventTypeId);
  const [row] = await db
    .insert(singleUseLinks)
    .values({ eventTypeId, token: newToken() })
    .returning();
  return row!;
}

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
  await managedEventType(db, userId, eventTypeId);
  const link = await findSingleUseLink(db, eventTypeId, linkId);
  if (!link) throw new DomainError("NOT_FOUND", "Link not found.");
  const removed = await db
    .delete(singleUseLinks)
    .where(and(eq(singleUseLinks.id, linkId), isNull(singleUseLinks.usedAt)))
    .returning();
  if (removed.length === 0) throw new DomainError("CONFLICT", "This link was used already.");
}
