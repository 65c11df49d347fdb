import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findEventType } from "../data/eventTypes";
import type { PageOwner } from "../data/pageNames";
import { roleInTeam } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db } from "../db/database";
import type { FormOwner } from "../insights/routingInsights";
import { assertTeamAdmin, assertTeamMember } from "./teams";

/** Whose page the insights are of, and the zone their days are counted in. */
export interface InsightsOwner {
  publicId: string;
  timeZone: string;
  /** The page itself, whose blocks name the clicked component ids. */
  page: PageOwner;
}

/**
 * A host sees the insights of their own page: the one their username names (no id to name
 * another's). Throws UNAUTHENTICATED for a user deleted meanwhile.
 */
export async function assertCanSeeOwnInsights(db: Db, userId: string): Promise<InsightsOwner> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  return { publicId: user.username, timeZone: user.timeZone, page: { kind: "user", user } };
}

/**
 * A team's page insights are for its admins (NOT_FOUND for outsiders, FORBIDDEN for plain
 * members). A team has no zone of its own: the days are the admin's.
 */
export async function assertCanSeeTeamInsights(
  db: Db,
  userId: string,
  teamId: string,
): Promise<InsightsOwner> {
  const team = await assertTeamAdmin(db, userId, teamId);
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("NOT_FOUND", message("teams.notFound"));
  return { publicId: team.slug, timeZone: user.timeZone, page: { kind: "team", team } };
}

/**
 * Whose bookings a booking insights call counts: a team's (its event types' meetings) or, with
 * no team, those the caller hosts; `hostId` narrows to one host's meetings, `eventTypeId` to one
 * type's. `timeZone` is the zone the period's days are cut in.
 */
export interface BookingScope {
  teamId: string | null;
  hostId: string | null;
  eventTypeId: string | null;
  timeZone: string;
}

const onlyOwnBookings = () => new DomainError("FORBIDDEN", message("insights.onlyOwnBookings"));
const eventTypeNotFound = () => new DomainError("NOT_FOUND", message("eventTypes.notFound"));

/**
 * A team admin sees all of the team's bookings (and any member's), a plain member only the
 * team meetings they host, anyone their own; nobody another owner's. Throws UNAUTHENTICATED (user
 * gone), NOT_FOUND (a team they are not in, an event type not of the scope, a host not of the
 * team), FORBIDDEN (a member or a host alone asking for someone else's bookings).
 */
export async function assertCanSeeBookingInsights(
  db: Db,
  userId: string,
  asked: { teamId?: string; hostId?: string; eventTypeId?: string; timeZone?: string },
): Promise<BookingScope> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  const timeZone = asked.timeZone ?? user.timeZone;
  if (asked.teamId === undefined) {
    if (asked.hostId !== undefined && asked.hostId !== userId) throw onlyOwnBookings();
    if (asked.eventTypeId !== undefined) {
      const type = await findEventType(db, asked.eventTypeId);
      const mine =
        type !== null &&
        (type.userId === userId || type.hosts.some((host) => host.userId === userId));
      if (!mine) throw eventTypeNotFound();
    }
    return { teamId: null, hostId: userId, eventTypeId: asked.eventTypeId ?? null, timeZone };
  }
  const { role } = await assertTeamMember(db, userId, asked.teamId);
  let hostId = asked.hostId ?? null;
  if (role !== "admin") {
    if (hostId !== null && hostId !== userId) throw onlyOwnBookings();
    hostId = userId;
  } else if (hostId !== null && (await roleInTeam(db, hostId, asked.teamId)) === null) {
    throw new DomainError("NOT_FOUND", message("teams.memberNotFound"));
  }
  if (asked.eventTypeId !== undefined) {
    const type = await findEventType(db, asked.eventTypeId);
    if (type?.teamId !== asked.teamId) throw eventTypeNotFound();
  }
  return { teamId: asked.teamId, hostId, eventTypeId: asked.eventTypeId ?? null, timeZone };
}

/**
 * Routing forms' insights: the caller's own forms, or a team's for its admins (NOT_FOUND for
 * outsiders, FORBIDDEN for plain members).
 */
export async function assertCanSeeRoutingInsights(
  db: Db,
  userId: string,
  asked: { teamId?: string; timeZone?: string },
): Promise<{ owner: FormOwner; timeZone: string }> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  const timeZone = asked.timeZone ?? user.timeZone;
  if (asked.teamId === undefined) return { owner: { kind: "user", userId }, timeZone };
  await assertTeamAdmin(db, userId, asked.teamId);
  return { owner: { kind: "team", teamId: asked.teamId }, timeZone };
}
