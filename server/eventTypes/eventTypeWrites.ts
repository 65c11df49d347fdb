import { and, eq, inArray } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { DomainError } from "../../core/errors";
import { type EventTypeInput, TEAM_KINDS } from "../../core/eventTypes/eventTypeSchema";
import type { Message } from "../../core/messages";
import { message } from "../../core/messages";
import { type EventTypeWithHosts, findEventType } from "../data/eventTypes";
import { findSchedule } from "../data/schedules";
import type { Db, Tx } from "../db/database";
import { teamMembers } from "../db/schema";
import { sqlState } from "../db/sqlState";
import { assertCanManageTeamEventTypes } from "../policies/eventTypes";
import { canManageSchedule } from "../policies/schedules";

// What the event type commands (creator, updater) share.

// No look-alike characters: shared links get read aloud and typed.
export const newSharedLink = customAlphabet(
  "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ",
  12,
);

/** VALIDATION with per-field messages; its message is the first field's. */
export function invalidEventType(fields: Record<string, Message[]>): DomainError {
  return new DomainError(
    "VALIDATION",
    Object.values(fields)[0]?.[0] ?? message("general.invalidInput"),
    fields,
  );
}

/**
 * The checks that need the database: the caller administers the team, every host is a member
 * of it, the schedule is the caller's own.
 */
export async function assertReferences(tx: Tx, userId: string, input: EventTypeInput) {
  const errors: Record<string, Message[]> = {};
  if (input.teamId !== null) {
    await assertCanManageTeamEventTypes(tx, userId, input.teamId);
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
          message("eventTypes.hostsAreMembers"),
        ];
      }
    }
  }
  if (input.scheduleId !== null) {
    const schedule = await findSchedule(tx, input.scheduleId);
    if (!schedule || !canManageSchedule(userId, schedule)) {
      errors.scheduleId = [message("schedules.notFound")];
    }
  }
  if (Object.keys(errors).length > 0) throw invalidEventType(errors);
}

/** The host rows an event type keeps: its owner for personal kinds, the chosen hosts otherwise. */
export function hostRows(eventTypeId: string, ownerId: string | null, input: EventTypeInput) {
  if (!TEAM_KINDS.has(input.kind)) return [{ eventTypeId, userId: ownerId!, priority: 0 }];
  if (input.kind === "FLEXI") {
    const priorities = new Map(input.hosts.map((h) => [h.userId, h.priority]));
    return input.hostGroups.flatMap((g) =>
      g.userIds.map((userId) => ({ eventTypeId, userId, priority: priorities.get(userId) ?? 0 })),
    );
  }
  return input.hosts.map((h) => ({ eventTypeId, userId: h.userId, priority: h.priority }));
}

/** The event_types columns of a validated input. */
export function eventTypeColumns(input: EventTypeInput) {
  const { hosts: _hosts, price, durations, ...rest } = input;
  return {
    ...rest,
    durations: [...new Set(durations ?? [input.duration])].sort((a, b) => a - b),
    priceAmount: price?.amount ?? null,
    priceCurrency: price?.currency ?? null,
    // The hours only mean something for FULL_BEFORE (and the table insists).
    refundHours: input.refundPolicy === "FULL_BEFORE" ? input.refundHours : null,
    paymentTerms: input.paymentTerms?.trim() ? input.paymentTerms.trim() : null,
  };
}

/** Runs `work` in a transaction and reads the event type back; a taken slug is a field error. */
export async function saveEventType(
  db: Db,
  work: (tx: Tx) => Promise<string>,
): Promise<EventTypeWithHosts> {
  try {
    const id = await db.transaction(work);
    return (await findEventType(db, id))!;
  } catch (error) {
    if (sqlState(error) === "23505") {
      throw invalidEventType({ slug: [message("fields.linkInUse")] });
    }
    throw error;
  }
}
