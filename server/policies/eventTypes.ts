import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { type EventTypeWithHosts, findEventType } from "../data/eventTypes";
import { roleInTeam, type TeamRole } from "../data/teams";
import type { Db, Tx } from "../db/database";

/** Whose an event type is: a host's own (`userId`) or a team's (`teamId`). */
export interface EventTypeOwner {
  userId: string | null;
  teamId: string | null;
}

/** Its owner sees a personal event type; every member of its team sees a team one. */
export function canSeeEventType(
  userId: string,
  type: EventTypeOwner,
  teamRole: TeamRole | null,
): boolean {
  return type.userId !== null ? type.userId === userId : teamRole !== null;
}

/** Its owner changes a personal event type; only an admin of its team changes a team one. */
export function canManageEventType(
  userId: string,
  type: EventTypeOwner,
  teamRole: TeamRole | null,
): boolean {
  return type.userId !== null ? type.userId === userId : canManageTeamEventTypes(teamRole);
}

/** Who may create a team's event types or make one a team's: its admins. */
export function canManageTeamEventTypes(teamRole: TeamRole | null): boolean {
  return teamRole === "admin";
}

/** The caller's role in the event type's team; null for a personal event type. */
function teamRoleFor(db: Db | Tx, userId: string, type: EventTypeOwner) {
  return type.teamId === null ? Promise.resolve(null) : roleInTeam(db, userId, type.teamId);
}

const notFound = () => new DomainError("NOT_FOUND", message("eventTypes.notFound"));

/** The event type when the caller may see it; NOT_FOUND otherwise, as if it did not exist. */
export async function assertCanSeeEventType<T extends EventTypeOwner>(
  db: Db | Tx,
  userId: string,
  type: T | null,
): Promise<T> {
  if (type === null || !canSeeEventType(userId, type, await teamRoleFor(db, userId, type))) {
    throw notFound();
  }
  return type;
}

/**
 * The event type when the caller may change it. NOT_FOUND when they may not even see it,
 * FORBIDDEN for a member of its team who is not an admin.
 */
export async function assertCanManageEventType<T extends EventTypeOwner>(
  db: Db | Tx,
  userId: string,
  type: T | null,
): Promise<T> {
  if (type === null) throw notFound();
  const role = await teamRoleFor(db, userId, type);
  if (!canSeeEventType(userId, type, role)) throw notFound();
  if (!canManageEventType(userId, type, role)) {
    throw new DomainError("FORBIDDEN", message("eventTypes.onlyTeamAdmins"));
  }
  return type;
}

/** Loads an event type the caller manages; throws NOT_FOUND or FORBIDDEN otherwise. */
export async function loadManagedEventType(
  db: Db,
  userId: string,
  eventTypeId: string,
): Promise<EventTypeWithHosts> {
  return assertCanManageEventType(db, userId, await findEventType(db, eventTypeId));
}

/**
 * For an event type that is to belong to `teamId`: the caller must be its admin. A team the
 * caller is not in is a field error on `teamId` (VALIDATION), a plain member is FORBIDDEN.
 */
export async function assertCanManageTeamEventTypes(
  db: Db | Tx,
  userId: string,
  teamId: string,
): Promise<void> {
  const role = await roleInTeam(db, userId, teamId);
  if (role === null) {
    throw new DomainError("VALIDATION", message("teams.notFound"), {
      teamId: [message("teams.notFound")],
    });
  }
  if (!canManageTeamEventTypes(role)) {
    throw new DomainError("FORBIDDEN", message("eventTypes.onlyTeamAdmins"));
  }
}
