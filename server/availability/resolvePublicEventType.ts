import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { type Message, message } from "../../core/messages";
import type { Db, Tx } from "../db/database";
import { singleUseLinks, users } from "../db/schema";
import { findNamedHost } from "./findNamedHost";
import type { PublicHost } from "./loadEventTypeHosts";
import { type EventTypeTarget, loadEventTypeTarget } from "./loadEventTypeTarget";

/** How an invitee names an event type: the spec's userLink/eventTypeLink, sharedLink or single-use link. */
export type PublicEventTypeRef =
  | { userLink: string; eventTypeLink: string; hostSlug?: string; hostEmail?: string }
  | { sharedLink: string; hostSlug?: string; hostEmail?: string }
  | { singleUseLink: string };

/** What a public reference resolves to: the event type and hosts, the host it pins and the link it came by. */
export interface ResolvedEventType extends EventTypeTarget {
  /** The host named by host_slug / host_email, checked to be a host. */
  pinnedHost: PublicHost | null;
  /** The unused single-use link the event type was reached by; booking marks it used. */
  singleUseLink: { id: string; token: string } | null;
}

const notFound = (reason: Message) => new DomainError("NOT_FOUND", reason);

// Links are short tokens; anything longer names nothing and is not worth a query.
const MAX_LINK_LENGTH = 200;

function token(value: string, missing: Message): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_LINK_LENGTH) throw notFound(missing);
  return trimmed;
}

async function byUserLink(db: Db | Tx, userLink: string, eventTypeLink: string) {
  const username = token(userLink, message("auth.userNotFound")).toLowerCase();
  const slug = token(eventTypeLink, message("eventTypes.notFound")).toLowerCase();
  const target = await loadEventTypeTarget(db, { username, slug });
  // An owner who has not verified their address has published nothing, not even their name.
  if (target !== null) {
    if (!target.accountsVerified) throw notFound(message("auth.userNotFound"));
    return target;
  }
  // Only a miss pays for telling which part of the link is wrong.
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  throw notFound(user ? message("eventTypes.notFound") : message("auth.userNotFound"));
}

async function bySharedLink(db: Db | Tx, sharedLink: string) {
  const link = token(sharedLink, message("eventTypes.notFound"));
  const target = await loadEventTypeTarget(db, { sharedLink: link });
  if (target === null || !target.accountsVerified) throw notFound(message("eventTypes.notFound"));
  return target;
}

async function bySingleUseLink(db: Db | Tx, singleUseLink: string) {
  const missing = message("booking.singleUseMissing");
  const [link] = await db
    .select()
    .from(singleUseLinks)
    .where(eq(singleUseLinks.token, token(singleUseLink, missing)))
    .limit(1);
  if (!link) throw notFound(missing);
  if (link.usedAt !== null || link.eventId !== null) {
    // It existed: 410 lets the page say it was used rather than that it never was.
    throw new DomainError("GONE", message("booking.singleUseUsed"));
  }
  const target = await loadEventTypeTarget(db, { id: link.eventTypeId });
  if (target === null || !target.accountsVerified) throw notFound(missing);
  return { ...target, singleUseLink: { id: link.id, token: link.token } };
}

/**
 * Resolves a public reference to an active event type with its hosts (and their schedules), its
 * owner's zone and the host it pins, in one or two queries. Throws DomainError NOT_FOUND for an
 * unknown user, event type or link, a used single-use link, a turned-off event type or one
 * without hosts, one whose owner (or, for a team's, any host) has not verified their address,
 * or a host_slug / host_email that names no host of it.
 */
export async function resolvePublicEventType(
  db: Db | Tx,
  ref: PublicEventTypeRef,
): Promise<ResolvedEventType> {
  const target: EventTypeTarget & { singleUseLink?: ResolvedEventType["singleUseLink"] } =
    "singleUseLink" in ref
      ? await bySingleUseLink(db, ref.singleUseLink)
      : "sharedLink" in ref
        ? await bySharedLink(db, ref.sharedLink)
        : await byUserLink(db, ref.userLink, ref.eventTypeLink);
  if (!target.eventType.active) throw notFound(message("eventTypes.notAvailable"));
  if (target.hosts.length === 0) throw notFound(message("eventTypes.noHosts"));
  const pinnedHost = "singleUseLink" in ref ? null : findNamedHost(target.hosts, ref);
  if (pinnedHost === undefined) throw notFound(message("booking.hostNotInEventType"));
  return {
    eventType: target.eventType,
    hosts: target.hosts,
    timeZone: target.timeZone,
    pinnedHost,
    singleUseLink: target.singleUseLink ?? null,
  };
}
