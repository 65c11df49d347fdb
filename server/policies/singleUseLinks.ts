import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db } from "../db/database";
import { loadManagedEventType } from "./eventTypes";

/**
 * Single-use links are managed by whoever manages their event type (its owner, or an admin
 * of its team). Throws NOT_FOUND or FORBIDDEN as the event type's policy does.
 */
export function assertCanManageSingleUseLinks(
  db: Db,
  userId: string,
  eventTypeId: string,
): Promise<EventTypeWithHosts> {
  return loadManagedEventType(db, userId, eventTypeId);
}

/** A used link is the record of its booking: it stays. */
export function canRevokeSingleUseLink(link: { usedAt: Date | null }): boolean {
  return link.usedAt === null;
}

/** The link when it can be revoked: NOT_FOUND without one, CONFLICT once it was used. */
export function assertCanRevokeSingleUseLink<T extends { usedAt: Date | null }>(link: T | null): T {
  if (link === null) throw new DomainError("NOT_FOUND", message("booking.linkNotFound"));
  if (!canRevokeSingleUseLink(link)) throw linkUsed();
  return link;
}

/** The refusal of a link that was used (also when it was used meanwhile). */
export const linkUsed = () => new DomainError("CONFLICT", message("booking.linkUsed"));
