import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Slot } from "../../core/availability/types";
import { type HostPlan, planBookingHosts } from "../../core/booking/planBookingHosts";
import { DomainError } from "../../core/errors";
import { findBookableSlot } from "../availability/findBookableSlot";
import type { PublicHost } from "../availability/loadEventTypeHosts";
import type { ResolvedEvent } from "../availability/resolveEventReference";
import { findGroupEventAt, lockGroupSeat } from "../booking/groupSeats";
import { slotTaken } from "../booking/slotTaken";
import { busyRange, releaseHostTime, takeHostTime } from "../booking/takeHostTime";
import {
  type AttendeeRow,
  type EventRow,
  findAttendee,
  findAttendees,
  findEvent,
  findEventHosts,
  findHostUsers,
  type HostUser,
  lastBookedAt,
} from "../data/bookings";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { attendees, eventHosts, events } from "../db/schema";
import { bookingMails, meetingUid } from "../mail/bookingMails";
import type { BookingMailPayload } from "../mail/mailTypes";
import { enqueueMails } from "../mail/outbox";
import { sqlState } from "../plugins/errorHandler";

export interface RescheduleContext {
  db: Db;
  publicUrl: string;
  now: Date;
}

/** Who moves the booking: the attendee (their seat, in a GROUP event) or a host (the whole event). */
export type RescheduleActor = { kind: "attendee"; attendeeId: string } | { kind: "host" };

export interface RescheduleInput {
  /** Epoch ms of the new start. */
  start: number;
  timeZone: string;
  reason: string;
}

export interface RescheduledBooking {
  event: EventRow;
  hosts: HostUser[];
}

const MINUTE_MS = 60_000;
const changedMeanwhile = () =>
  new DomainError("CONFLICT", "This booking was changed meanwhile. Please reload and try again.");

/** The duration the booking keeps: its own when still offered, else the event type's default. */
function keptDuration(event: EventRow, type: EventTypeWithHosts): number {
  const minutes = Math.round((event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS);
  const offered = type.durations.length > 0 ? type.durations : [type.duration];
  return offered.includes(minutes) ? minutes : type.duration;
}

/** The hosts the moved event takes: the slot's, preferring the ones it has where there is a choice. */
async function planMove(
  db: Db,
  target: ResolvedEvent["target"],
  slot: Slot,
  currentHostIds: readonly string[],
): Promise<HostPlan> {
  const type = target.eventType;
  const ranks = new Map<string, { priority: number; lastBookedAt: number | null }>();
  if ((type.kind === "ROUND_ROBIN" || type.kind === "FLEXI") && slot.hostIds.length > 1) {
    const last = await lastBookedAt(db, type.id, slot.hostIds);
    for (const host of target.hosts) {
      ranks.set(host.id, { priority: host.priority, lastBookedAt: last.get(host.id) ?? null });
    }
  }
  const plan = planBookingHosts(type.kind, slot.hostIds, type.hostGroups, ranks);
  if (plan === null) throw slotTaken();
  // A meeting keeps its host when that host is free at the new time too.
  const keep = (ids: string[]) => [
    ...ids.filter((id) => currentHostIds.includes(id)),
    ...ids.filter((id) => !currentHostIds.includes(id)),
  ];
  return { required: plan.required, choices: plan.choices.map(keep) };
}

/**
 * Moves a whole event in place, in the caller's transaction: the row keeps its id (so links and
 * the calendar UID stay), its sequence rises, and its former time is kept in a frozen CANCELLED
 * copy that former_event_id points to, with the reason on the moved row. Old busy time is
 * released and the new taken; an exclusion violation aborts the whole transaction.
 */
async function moveInPlace(
  tx: Tx,
  locked: EventRow,
  type: EventTypeWithHosts,
  to: { start: Date; end: Date },
  plan: HostPlan,
  reason: string,
  now: Date,
): Promise<{ moved: EventRow; hostIds: string[] }> {
  const [former] = await tx
    .insert(events)
    .values({
      eventTypeId: locked.eventTypeId,
      status: "CANCELLED",
      startAt: locked.startAt,
      endAt: locked.endAt,
      title: locked.title,
      location: locked.location,
      formerEventId: locked.formerEventId,
      rescheduleReason: locked.rescheduleReason,
      cancelledAt: now,
      sequence: locked.sequence,
      createdAt: locked.createdAt,
    })
    .returning({ id: events.id });
  await releaseHostTime(tx, locked.id);
  await tx.delete(eventHosts).where(eq(eventHosts.eventId, locked.id));
  const [moved] = await tx
    .update(events)
    .set({
      startAt: to.start,
      endAt: to.end,
      sequence: sql`${events.sequence} + 1`,
      formerEventId: former!.id,
      rescheduleReason: reason || null,
    })
    .where(eq(events.id, locked.id))
    .returning();
  const hostIds = await takeHostTime(tx, locked.id, plan, busyRange(to.start, to.end, type));
  return { moved: moved!, hostIds };
}

async function lockEvent(tx: Tx, event: EventRow): Promise<EventRow> {
  const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for("update");
  if (!locked || locked.status === "CANCELLED") {
    throw new DomainError("NOT_FOUND", "This event has been cancelled.");
  }
  if (locked.startAt.getTime() !== event.startAt.getTime()) throw changedMeanwhile();
  return locked;
}

/** The mails of a move: rescheduled for who stays, cancelled for hosts who leave, confirmed for new hosts. */
function moveMails(
  context: RescheduleContext,
  type: EventTypeWithHosts,
  moved: EventRow,
  former: EventRow,
  people: { attendees: AttendeeRow[]; before: HostUser[]; after: HostUser[] },
  reason: string,
  replacesUid: string | null,
): BookingMailPayload[] {
  const { publicUrl, now } = context;
  const formerTime = { formerStartAt: former.startAt, formerEndAt: former.endAt };
  const stay = people.after.filter((h) => people.before.some((b) => b.id === h.id));
  const join = people.after.filter((h) => !people.before.some((b) => b.id === h.id));
  const leave = people.before.filter((h) => !people.after.some((a) => a.id === h.id));
  const hostsOnce = people.attendees.length > 1;
  const mailEvent = { ...moved, ...formerTime };
  const mails = [
    ...bookingMails(
      "bookingRescheduled",
      { event: mailEvent, eventType: type, hosts: people.after, publicUrl, now, reason },
      { attendees: people.attendees, hosts: stay, hostsOnce },
    ),
    ...bookingMails(
      "bookingConfirmed",
      { event: moved, eventType: type, hosts: people.after, publicUrl, now },
      { attendees: people.attendees.slice(0, 1), hosts: join },
    ).filter((mail) => mail.data.role === "host"),
    ...bookingMails(
      "bookingCancelled",
      {
        event: { ...former, sequence: moved.sequence },
        eventType: type,
        hosts: people.before,
        publicUrl,
        now,
        reason,
      },
      { attendees: people.attendees.slice(0, 1), hosts: leave },
    ).filter((mail) => mail.data.role === "host"),
  ];
  if (replacesUid !== null) {
    for (const mail of mails) {
      if (mail.data.role !== "host") {
        mail.data.replacesUid = replacesUid;
        mail.data.replacesSequence = former.sequence + 1;
      }
    }
  }
  return mails;
}

/**
 * Moves a booking to a new start, re-checked against the timetable, in ONE transaction: the old
 * time is released and the new one taken, or nothing changes (a conflicting new time answers
 * SLOT_NOT_AVAILABLE_ANYMORE and the booking stays as it was). A host moves the whole event; an
 * attendee of a GROUP event moves their seat (into the event at the new time, or a new one;
 * their old event goes on for the others). Mails everyone concerned. Throws
 * SLOT_NOT_AVAILABLE_ANYMORE, VALIDATION (same time), NOT_FOUND, CONFLICT (changed meanwhile).
 */
export async function bookingRescheduler(
  context: RescheduleContext,
  resolved: ResolvedEvent,
  actor: RescheduleActor,
  input: RescheduleInput,
): Promise<RescheduledBooking> {
  const { db, now } = context;
  const { target } = resolved;
  const type = target.eventType;
  const event = await findEvent(db, resolved.event.id);
  if (!event) throw new DomainError("NOT_FOUND", "Event not found.");
  const duration = keptDuration(event, type);
  const start = new Date(input.start);
  const end = new Date(input.start + duration * MINUTE_MS);
  if (start.getTime() === event.startAt.getTime()) {
    throw new DomainError("VALIDATION", "Choose a different time.", {
      start: ["Choose a different time."],
    });
  }
  if (type.kind === "GROUP" && actor.kind === "attendee") {
    return moveSeat(context, resolved, event, actor.attendeeId, { start, end }, input);
  }

  const slot = await findBookableSlot(db, target, start, duration, now, {
    excludeEventId: event.id,
    timeZone: input.timeZone,
  });
  // A GROUP event cannot move onto another event of its own at that time.
  if (slot === null || (type.kind === "GROUP" && slot.eventId !== undefined)) throw slotTaken();
  const before = await findEventHosts(db, event.id);
  const plan = await planMove(
    db,
    target,
    slot,
    before.map((h) => h.id),
  );
  const hostUsers = await findHostUsers(
    db,
    target.hosts.map((h) => h.id),
  );

  return db.transaction(async (tx) => {
    const locked = await lockEvent(tx, event);
    const { moved, hostIds } = await moveInPlace(
      tx,
      locked,
      type,
      { start, end },
      plan,
      input.reason,
      now,
    );
    const after = hostUsers.filter((h) => hostIds.includes(h.id));
    if (locked.status === "CONFIRMED") {
      const people = { attendees: await findAttendees(tx, event.id), before, after };
      await enqueueMails(
        tx,
        moveMails(context, type, moved, locked, people, input.reason, null),
        now,
      );
    }
    return { event: moved, hosts: after };
  });
}

/** A GROUP attendee moves their seat; see bookingRescheduler. */
async function moveSeat(
  context: RescheduleContext,
  resolved: ResolvedEvent,
  event: EventRow,
  attendeeId: string,
  to: { start: Date; end: Date },
  input: RescheduleInput,
): Promise<RescheduledBooking> {
  const { db, now } = context;
  const { target } = resolved;
  const type = target.eventType;
  const seats = type.seats ?? 1;
  const duration = Math.round((to.end.getTime() - to.start.getTime()) / MINUTE_MS);
  const slot = await findBookableSlot(db, target, to.start, duration, now, {
    leavingEventId: event.id,
    timeZone: input.timeZone,
  });
  if (slot === null) throw slotTaken();
  const [before, hostUsers] = await Promise.all([
    findEventHosts(db, event.id),
    findHostUsers(
      db,
      target.hosts.map((h) => h.id),
    ),
  ]);
  const during = busyRange(to.start, to.end, type);

  return db.transaction(async (tx) => {
    const locked = await lockEvent(tx, event);
    const attendee = await findAttendee(tx, attendeeId);
    if (!attendee || attendee.eventId !== event.id || attendee.status !== "CONFIRMED") {
      throw changedMeanwhile();
    }
    const others = (await findAttendees(tx, event.id)).filter((a) => a.id !== attendeeId);

    let destination: EventRow | null = null;
    if (slot.eventId !== undefined && slot.eventId !== event.id) {
      destination = await lockGroupSeat(tx, slot.eventId, to, seats);
    } else if (others.length === 0) {
      const plan = { required: slot.hostIds, choices: [] };
      const { moved, hostIds } = await moveInPlace(tx, locked, type, to, plan, input.reason, now);
      const after = hostUsers.filter((h) => hostIds.includes(h.id));
      if (locked.status === "CONFIRMED") {
        const people = { attendees: [attendee], before, after };
        await enqueueMails(
          tx,
          moveMails(context, type, moved, locked, people, input.reason, null),
          now,
        );
      }
      return { event: moved, hosts: after };
    } else {
      destination = await newSeatEvent(tx, type, locked, to, slot.hostIds, during, input.reason);
    }

    await tx.update(attendees).set({ eventId: destination.id }).where(eq(attendees.id, attendeeId));
    if (others.length === 0) {
      await tx
        .update(events)
        .set({ status: "CANCELLED", cancelledAt: now, sequence: sql`${events.sequence} + 1` })
        .where(eq(events.id, event.id));
      await releaseHostTime(tx, event.id);
    }
    const after = await findEventHosts(tx, destination.id);
    if (locked.status === "CONFIRMED") {
      const people = { attendees: [attendee], before, after };
      const mails = moveMails(
        context,
        type,
        destination,
        locked,
        people,
        input.reason,
        meetingUid(event.id),
      );
      await enqueueMails(tx, mails, now);
    }
    return { event: destination, hosts: after };
  });
}

/**
 * A new GROUP event at the new time for a moving attendee, or the one a racing booker created
 * there a moment ago (then joined under its row lock).
 */
async function newSeatEvent(
  tx: Tx,
  type: EventTypeWithHosts,
  former: EventRow,
  to: { start: Date; end: Date },
  hostIds: string[],
  during: string,
  reason: string,
): Promise<EventRow> {
  try {
    return await tx.transaction(async (savepoint) => {
      const [created] = await savepoint
        .insert(events)
        .values({
          id: randomUUID(),
          eventTypeId: type.id,
          status: former.status,
          startAt: to.start,
          endAt: to.end,
          title: former.title,
          location: former.location,
          formerEventId: former.id,
          rescheduleReason: reason || null,
        })
        .returning();
      await takeHostTime(savepoint, created!.id, { required: hostIds, choices: [] }, during);
      return created!;
    });
  } catch (error) {
    if (sqlState(error) !== "23P01") throw error;
  }
  const winner = await findGroupEventAt(tx, type.id, to);
  if (winner === null) throw slotTaken();
  return lockGroupSeat(tx, winner, to, type.seats ?? 1);
}

/**
 * A host hands a round-robin event to another host of its event type who is free at its time
 * (their schedule, their other meetings, the event type's rules). Mails the former host, the new
 * one and the invitee. Throws VALIDATION (not a host, not round robin, same host),
 * SLOT_NOT_AVAILABLE_ANYMORE (the new host is not free), CONFLICT.
 */
export async function roundRobinReassigner(
  context: RescheduleContext,
  resolved: ResolvedEvent,
  newHost: PublicHost,
): Promise<RescheduledBooking> {
  const { db, now } = context;
  const { target } = resolved;
  const type = target.eventType;
  const event = await findEvent(db, resolved.event.id);
  if (!event) throw new DomainError("NOT_FOUND", "Event not found.");
  const before = await findEventHosts(db, event.id);
  if (before.some((h) => h.id === newHost.id)) {
    throw new DomainError("VALIDATION", "This host already hosts this event.", {
      hostId: ["This host already hosts this event."],
    });
  }
  const duration = Math.round((event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS);
  const slot = await findBookableSlot(db, target, event.startAt, keptDuration(event, type), now, {
    onlyHost: newHost,
    excludeEventId: event.id,
  });
  if (slot === null || duration <= 0) throw slotTaken();
  const [after] = await findHostUsers(db, [newHost.id]);

  return db.transaction(async (tx) => {
    const locked = await lockEvent(tx, event);
    await releaseHostTime(tx, event.id);
    await tx.delete(eventHosts).where(eq(eventHosts.eventId, event.id));
    await takeHostTime(
      tx,
      event.id,
      { required: [newHost.id], choices: [] },
      busyRange(locked.startAt, locked.endAt, type),
    );
    const [moved] = await tx
      .update(events)
      .set({ sequence: sql`${events.sequence} + 1` })
      .where(and(eq(events.id, event.id)))
      .returning();
    if (locked.status === "CONFIRMED") {
      const people = { attendees: await findAttendees(tx, event.id), before, after: [after!] };
      await enqueueMails(tx, moveMails(context, type, moved!, locked, people, "", null), now);
    }
    return { event: moved!, hosts: [after!] };
  });
}
