import { asc, eq, inArray, or } from "drizzle-orm";
import type { EventTypeInput } from "../../core/eventTypes/eventTypeSchema";
import type { Db, Tx } from "../db/database";
import { eventTypeHosts, eventTypes, teamMembers } from "../db/schema";

export type EventTypeRow = typeof eventTypes.$inferSelect;
export interface EventTypeWithHosts extends EventTypeRow {
  hosts: { userId: string; priority: number }[];
}

export async function attachHosts(db: Db | Tx, rows: EventTypeRow[]): Promise<EventTypeWithHosts[]> {
  if (rows.length === 0) return [];
  const hosts = await db
    .select()
    .from(eventTypeHosts)
    .where(inArray(eventTypeHosts.eventTypeId, rows.map((r) => r.id)))
    .orderBy(asc(eventTypeHosts.userId));
  return rows.map((row) => ({
    ...row,
    hosts: hosts
      .filter((h) => h.eventTypeId === row.id)
      .map((h) => ({ userId: h.userId, priority: h.priority }))
      .sort((a, b) => b.priority - a.priority),
  }));
}

export async function findEventType(db: Db | Tx, id: string): Promise<EventTypeWithHosts | null> {
  const [row] = await db.select().from(eventTypes).where(eq(eventTypes.id, id)).limit(1);
  if (!row) return null;
  const [withHosts] = await attachHosts(db, [row]);
  return withHosts ?? null;
}

/** The event types `ids` that exist, with their hosts: two statements for any number. */
export async function findEventTypes(
  db: Db | Tx,
  ids: readonly string[],
): Promise<EventTypeWithHosts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(eventTypes)
    .where(inArray(eventTypes.id, [...ids]));
  return attachHosts(db, rows);
}

/** Personal event types of `userId` and those of every team they belong to. */
export async function listVisibleEventTypes(db: Db, userId: string): Promise<EventTypeWithHosts[]> {
  const teamIds = db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  const rows = await db
    .select()
    .from(eventTypes)
    .where(or(eq(eventTypes.userId, userId), inArray(eventTypes.teamId, teamIds)))
    .orderBy(asc(eventTypes.createdAt), asc(eventTypes.id));
  return attachHosts(db, rows);
}

/** The stored event type as the fields it would be created from (and the API shows). */
export function eventTypeFieldsOf(type: EventTypeWithHosts): Required<EventTypeInput> {
  return {
    kind: type.kind,
    title: type.title,
    slug: type.slug,
    description: type.description,
    duration: type.duration,
    durations: type.durations,
    scheduleId: type.scheduleId,
    teamId: type.teamId,
    locations: type.locations,
    bufferBefore: type.bufferBefore,
    bufferAfter: type.bufferAfter,
    minimumNotice: type.minimumNotice,
    maxDaysAhead: type.maxDaysAhead,
    slotStep: type.slotStep,
    dailyLimit: type.dailyLimit,
    weeklyLimit: type.weeklyLimit,
    monthlyLimit: type.monthlyLimit,
    dailyDurationLimit: type.dailyDurationLimit,
    weeklyDurationLimit: type.weeklyDurationLimit,
    seats: type.seats,
    hosts: type.hosts,
    hostGroups: type.hostGroups,
    questions: type.questions,
    price:
      type.priceAmount !== null && type.priceCurrency !== null
        ? { amount: type.priceAmount, currency: type.priceCurrency as NonNullable<EventTypeInput["price"]>["currency"] }
        : null,
    paymentTerms: type.paymentTerms,
    refundPolicy: type.refundPolicy,
    refundHours: type.refundPolicy === "FULL_BEFORE" ? type.refundHours : null,
    requiresEmailVerification: type.requiresEmailVerification,
    redirectUrl: type.redirectUrl,
    redirectSeconds: type.redirectSeconds,
    lockTimeZone: type.lockTimeZone,
    active: type.active,
    hidden: type.hidden,
    allowCancel: type.allowCancel,
    allowReschedule: type.allowReschedule,
    cancelNotice: type.cancelNotice,
    rescheduleNotice: type.rescheduleNotice,
    requiresApproval: type.requiresApproval,
    approvalDeadline: type.approvalDeadline,
    reminders: type.reminders,
    reminderText: type.reminderText,
    followUp: type.followUp,
    approvalScope: type.approvalScope,
    recurrence: type.recurrence,
  };
}
