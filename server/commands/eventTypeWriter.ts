import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { DomainError, type FieldErrors, type MessageOrText } from "../../core/errors";
import {
  type EventTypeDraft,
  type EventTypeInput,
  eventTypeSchema,
  TEAM_KINDS,
} from "../../core/eventTypes/eventTypeSchema";
import { fieldErrorsFromZod } from "../../core/validation/fieldErrorsFromZod";
import { type EventTypeWithHosts, eventTypeFieldsOf, findEventType } from "../data/eventTypes";
import { roleInTeam } from "../data/teams";
import type { Db, Tx } from "../db/database";
import { events, eventTypeHosts, eventTypes, schedules, teamMembers } from "../db/schema";
import { sqlState } from "../plugins/errorHandler";

// No look-alike characters: shared links get read aloud and typed.
const newSharedLink = customAlphabet("23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ", 12);

const notFound = () => new DomainError("NOT_FOUND", "Event type not found.");

function invalid(fields: Record<string, MessageOrText[]>): DomainError {
  return new DomainError("VALIDATION", Object.values(fields)[0]?.[0] ?? "Invalid input.", fields);
}

/** Who may change an event type: its owner, or an admin of its team. */
export async function assertCanManage(
  db: Db | Tx,
  userId: string,
  type: { userId: string | null; teamId: string | null },
) {
  if (type.userId !== null) {
    if (type.userId !== userId) throw notFound();
    return;
  }
  const role = await roleInTeam(db, userId, type.teamId!);
  if (role === null) throw notFound();
  if (role !== "admin")
    throw new DomainError("FORBIDDEN", "Only team admins can change team event types.");
}

/** The checks that need the database: team membership of hosts, schedule ownership. */
async function assertReferences(tx: Tx, userId: string, input: EventTypeInput) {
  const errors: FieldErrors = {};
  if (input.teamId !== null) {
    const role = await roleInTeam(tx, userId, input.teamId);
    if (role === null) throw invalid({ teamId: ["Team not found."] });
    if (role !== "admin")
      throw new DomainError("FORBIDDEN", "Only team admins can change team event types.");
    const hostIds = [
      ...input.hosts.map((h) => h.userId),
      ...input.hostGroups.flatMap((g) => g.userIds),
    ];
    if (hostIds.length > 0) {
      const members = await tx
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, input.teamId), inArray(teamMembers.userId, hostIds)));
      const memberIds = new Set(members.map((m) => m.userId));
      if (hostIds.some((id) => !memberIds.has(id))) {
        errors[input.kind === "FLEXI" ? "hostGroups" : "hosts"] = [
          "Every host must be a member of the team.",
        ];
      }
    }
  }
  if (input.scheduleId !== null) {
    const [own] = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(eq(schedules.id, input.scheduleId), eq(schedules.userId, userId)))
      .limit(1);
    if (!own) errors.scheduleId = ["Schedule not found."];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The host rows an event type keeps: its owner for personal kinds, the chosen hosts otherwise. */
function hostRows(eventTypeId: string, ownerId: string | null, input: EventTypeInput) {
  if (!TEAM_KINDS.has(input.kind)) return [{ eventTypeId, userId: ownerId!, priority: 0 }];
  if (input.kind === "FLEXI") {
    const priorities = new Map(input.hosts.map((h) => [h.userId, h.priority]));
    return input.hostGroups.flatMap((g) =>
      g.userIds.map((userId) => ({ eventTypeId, userId, priority: priorities.get(userId) ?? 0 })),
    );
  }
  return input.hosts.map((h) => ({ eventTypeId, userId: h.userId, priority: h.priority }));
}

function columns(input: EventTypeInput) {
  const { hosts: _hosts, price, durations, ...rest } = input;
  return {
    ...rest,
    durations: [...new Set(durations ?? [input.duration])].sort((a, b) => a - b),
    priceAmount: price?.amount ?? null,
    priceCurrency: price?.currency ?? null,
  };
}

async function save(db: Db, work: (tx: Tx) => Promise<string>): Promise<EventTypeWithHosts> {
  try {
    const id = await db.transaction(work);
    return (await findEventType(db, id))!;
  } catch (error) {
    if (sqlState(error) === "23505") throw invalid({ slug: ["This link is already in use."] });
    throw error;
  }
}

/** Creates an event type for `userId` (or their team); throws VALIDATION, FORBIDDEN. */
export async function eventTypeCreator(
  db: Db,
  userId: string,
  input: EventTypeInput,
): Promise<EventTypeWithHosts> {
  return save(db, async (tx) => {
    await assertReferences(tx, userId, input);
    const ownerId = input.teamId === null ? userId : null;
    const [row] = await tx
      .insert(eventTypes)
      .values({
        ...columns(input),
        userId: ownerId,
        sharedLink: TEAM_KINDS.has(input.kind) ? newSharedLink() : null,
      })
      .returning({ id: eventTypes.id });
    await tx.insert(eventTypeHosts).values(hostRows(row!.id, ownerId, input));
    return row!.id;
  });
}

/**
 * Applies a partial change: the merged event type is validated whole, so a PATCH can never
 * leave a combination that a create would refuse. Throws NOT_FOUND, FORBIDDEN, VALIDATION.
 */
export async function eventTypeUpdater(
  db: Db,
  userId: string,
  eventTypeId: string,
  patch: Partial<EventTypeDraft>,
  now: Date,
): Promise<EventTypeWithHosts> {
  const current = await findEventType(db, eventTypeId);
  if (!current) throw notFound();
  await assertCanManage(db, userId, current);
  const draft = eventTypeFieldsOf(current);
  // Changing the default duration alone keeps the choices consistent.
  if (
    patch.duration !== undefined &&
    patch.durations === undefined &&
    draft.durations?.length === 1
  ) {
    draft.durations = [patch.duration];
  }
  const merged = { ...draft, ...patch, teamId: current.teamId, kind: patch.kind ?? current.kind };
  if (patch.teamId !== undefined && patch.teamId !== current.teamId) {
    throw invalid({ teamId: ["An event type cannot move to another owner."] });
  }
  const parsed = eventTypeSchema.safeParse(merged);
  if (!parsed.success) throw invalid(fieldErrorsFromZod(parsed.error));
  const input = parsed.data;
  return save(db, async (tx) => {
    await assertReferences(tx, userId, input);
    await tx
      .update(eventTypes)
      .set({
        ...columns(input),
        sharedLink: TEAM_KINDS.has(input.kind) ? (current.sharedLink ?? newSharedLink()) : null,
        updatedAt: now,
      })
      .where(eq(eventTypes.id, eventTypeId));
    await tx.delete(eventTypeHosts).where(eq(eventTypeHosts.eventTypeId, eventTypeId));
    await tx.insert(eventTypeHosts).values(hostRows(eventTypeId, current.userId, input));
    return eventTypeId;
  });
}

/**
 * Deletes an event type the caller manages, with its past events. Refused (CONFLICT) while
 * upcoming bookings exist, so no invitee's meeting silently disappears.
 */
export async function eventTypeDeleter(
  db: Db,
  userId: string,
  eventTypeId: string,
  now: Date,
): Promise<void> {
  const current = await findEventType(db, eventTypeId);
  if (!current) throw notFound();
  await assertCanManage(db, userId, current);
  const [upcoming] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        ne(events.status, "CANCELLED"),
        gt(events.endAt, now),
      ),
    )
    .limit(1);
  if (upcoming) {
    throw new DomainError(
      "CONFLICT",
      "This event type has upcoming bookings. Cancel them first, or turn the event type off instead.",
    );
  }
  await db.delete(eventTypes).where(eq(eventTypes.id, eventTypeId));
}
