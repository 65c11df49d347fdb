import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Slot } from "../../core/availability/types";
import { type HostPlan, planBookingHosts } from "../../core/booking/planBookingHosts";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { MINUTE_MS } from "../../core/time/durations";
import { findBookableSlot } from "../availability/findBookableSlot";
import type { ResolvedEvent } from "../availability/resolveEventReference";
import {
  type ChangeActor,
  type RescheduledBefore,
  type RescheduledData,
  recordChange,
} from "../booking/bookingChange";
import { busyRange, releaseHostTime, takeGroupSeat, takeHostTime } from "../booking/bookSlot";
import {
  changedMeanwhile,
  findMovingEvent,
  keptDuration,
  lockMovingEvent,
  type RescheduleContext,
  type RescheduledBooking,
} from "../booking/eventMove";
import { type LimitCheck, limitCheckFor } from "../booking/hostLimits";
import { slotTaken } from "../booking/slotTaken";
import {
  type AttendeeRow,
  type EventRow,
  findAttendee,
  findAttendees,
  findEventHosts,
  findHostUsers,
  type HostUser,
  lastBookedAt,
} from "../data/bookings";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees, eventHosts, events, payments } from "../db/schema";
import { assertInviteeMayChange } from "../policies/bookings";

/** Who moves the booking: the attendee (their seat, in a GROUP event) or a host (the whole event). */
export type RescheduleActor =
  | { kind: "attendee"; attendeeId: string }
  | { kind: "host"; userId: string };

export interface RescheduleInput {
  /** Epoch ms of the new start. */
  start: number;
  timeZone: string;
  reason: string;
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
 * released and the new taken (within the type's caps, `limits`); an exclusion violation aborts
 * the whole transaction.
 */
async function moveInPlace(
  tx: Tx,
  locked: EventRow,
  type: EventTypeWithHosts,
  to: { start: Date; end: Date },
  plan: HostPlan,
  reason: string,
  now: Date,
  limits: LimitCheck | undefined,
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
      // An occurrence of a series keeps the start its rule gave it: the invite's RECURRENCE-ID.
      ...(locked.seriesId !== null
        ? { recurrenceStartAt: locked.recurrenceStartAt ?? locked.startAt }
        : {}),
      sequence: sql`${events.sequence} + 1`,
      formerEventId: former!.id,
      rescheduleReason: reason || null,
    })
    .where(eq(events.id, locked.id))
    .returning();
  const during = busyRange(to.start, to.end, type);
  const hostIds = await takeHostTime(tx, locked.id, plan, during, limits);
  return { moved: moved!, hostIds };
}

/**
 * Moves a booking to a new start, re-checked against the timetable, in ONE transaction: the old
 * time is released and the new one taken, or nothing changes (a conflicting new time answers
 * SLOT_NOT_AVAILABLE_ANYMORE and the booking stays as it was). A host moves the whole event; an
 * attendee of a GROUP event moves their seat (into the event at the new time, or a new one;
 * their old event goes on for the others). Its one change (rescheduled) mails everyone concerned. Throws
 * SLOT_NOT_AVAILABLE_ANYMORE, VALIDATION (same time), NOT_FOUND, CONFLICT (changed meanwhile; an
 * invitee's move the event type does not allow, or no longer allows, so close to the start).
 * An occurrence of a weekly series moves alone (the rest stay); it keeps the start its rule
 * gave it (`recurrence_start_at`), which the series' invite names as its RECURRENCE-ID.
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
  const event = await findMovingEvent(db, resolved.event.id);
  const duration = keptDuration(event, type);
  const start = new Date(input.start);
  const end = new Date(input.start + duration * MINUTE_MS);
  if (start.getTime() === event.startAt.getTime()) {
    throw new DomainError("VALIDATION", message("booking.chooseDifferentTime"), {
      start: [message("booking.chooseDifferentTime")],
    });
  }
  // The host may always move a booking; the invitee within the event type's settings.
  if (actor.kind === "attendee") assertInviteeMayChange(type, "reschedule", event.startAt, now);
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

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockMovingEvent(tx, event);
      const { moved, hostIds } = await moveInPlace(
        tx,
        locked,
        type,
        { start, end },
        plan,
        input.reason,
        now,
        limitCheckFor(target, { start, end }, event.id),
      );
      const after = hostUsers.filter((h) => hostIds.includes(h.id));
      const movedWith = await findAttendees(tx, event.id);
      await recordMove(
        tx,
        { moved, locked, attendees: movedWith, before, after },
        actor.kind === "host" ? actor.userId : "invitee",
        input,
        now,
      );
      return { event: moved, hosts: after };
    }),
  );
}

/**
 * Records a move as one change (rescheduled), by the moving host's id or the invitee: its mails,
 * reminders, webhook and calendar writes are derived from it. A host's move concerns every
 * attendee; a seat's, its attendee.
 */
function recordMove(
  tx: Tx,
  move: {
    moved: EventRow;
    locked: EventRow;
    attendees: readonly AttendeeRow[];
    before: readonly HostUser[];
    after: readonly HostUser[];
    seat?: string;
  },
  actor: ChangeActor,
  input: RescheduleInput,
  now: Date,
): Promise<void> {
  return recordChange(
    tx,
    {
      kind: "rescheduled",
      eventId: move.moved.id,
      attendeeId: move.seat ?? null,
      actor,
      before: {
        event: JSON.parse(JSON.stringify(move.locked)),
        hostIds: move.before.map((h) => h.id),
      } satisfies RescheduledBefore,
      data: {
        reason: input.reason,
        attendeeIds: move.attendees.map((a) => a.id),
        hostIds: move.after.map((h) => h.id),
        intoAnotherEvent: move.moved.id !== move.locked.id,
      } satisfies RescheduledData,
    },
    now,
  );
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

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockMovingEvent(tx, event);
      const attendee = await findAttendee(tx, attendeeId);
      if (!attendee || attendee.eventId !== event.id || attendee.status !== "CONFIRMED") {
        throw changedMeanwhile();
      }
      const others = (await findAttendees(tx, event.id)).filter((a) => a.id !== attendeeId);

      // Into the group event already at the new time, else the whole event moves when the
      // attendee was alone in it, else into a new event (or a racer's, created a moment ago).
      const joining = slot.eventId !== undefined && slot.eventId !== event.id;
      if (!joining && others.length === 0) {
        const plan = { required: slot.hostIds, choices: [] };
        const limits = limitCheckFor(target, to, event.id);
        const { moved, hostIds } = await moveInPlace(
          tx,
          locked,
          type,
          to,
          plan,
          input.reason,
          now,
          limits,
        );
        const after = hostUsers.filter((h) => hostIds.includes(h.id));
        const move = { moved, locked, attendees: [attendee], before, after, seat: attendee.id };
        await recordMove(tx, move, "invitee", input, now);
        return { event: moved, hosts: after };
      }
      const destination = await takeGroupSeat(
        tx,
        {
          eventTypeId: type.id,
          seats,
          at: to,
          eventId: joining ? slot.eventId : undefined,
          hostIds: slot.hostIds,
          during,
          newEvent: {
            id: randomUUID(),
            eventTypeId: type.id,
            status: locked.status,
            startAt: to.start,
            endAt: to.end,
            title: locked.title,
            location: locked.location,
            formerEventId: locked.id,
            rescheduleReason: input.reason || null,
          },
        },
        limitCheckFor(target, to, others.length === 0 ? event.id : null),
      );

      await tx
        .update(attendees)
        .set({ eventId: destination.id })
        .where(eq(attendees.id, attendeeId));
      // Rescheduling keeps the payment: it follows the seat.
      await tx
        .update(payments)
        .set({ eventId: destination.id })
        .where(eq(payments.attendeeId, attendeeId));
      if (others.length === 0) {
        await tx
          .update(events)
          .set({ status: "CANCELLED", cancelledAt: now, sequence: sql`${events.sequence} + 1` })
          .where(eq(events.id, event.id));
        await releaseHostTime(tx, event.id);
      }
      const after = await findEventHosts(tx, destination.id);
      const move = {
        moved: destination,
        locked,
        attendees: [attendee],
        before,
        after,
        seat: attendee.id,
      };
      await recordMove(tx, move, "invitee", input, now);
      return { event: destination, hosts: after };
    }),
  );
}
