import { sql } from "drizzle-orm";
import type { HostPlan } from "../../core/booking/planBookingHosts";
import { MINUTE_MS } from "../../core/time/durations";
import type { AttendeeRow, EventRow } from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { attendees, eventHosts, events, hostBusy } from "../db/schema";
import { sqlState } from "../db/sqlState";
import type { CreatedData } from "./bookingChange";
import { recordChange } from "./bookingChange";
import { calendarBusy } from "./calendarBusyCheck";
import { findGroupEventAt, lockGroupSeat } from "./groupSeats";
import { type LimitCheck, withinHostLimits } from "./hostLimits";
import { lockHosts } from "./hostLock";
import { insertBookingAtOnce } from "./insertBookingAtOnce";
import { slotTaken } from "./slotTaken";

/** The host_busy range of a meeting: the meeting plus the event type's buffers, half-open. */
export function busyRange(
  start: Date,
  end: Date,
  buffers: { bufferBefore: number; bufferAfter: number },
): string {
  const from = new Date(start.getTime() - buffers.bufferBefore * MINUTE_MS);
  const to = new Date(end.getTime() + buffers.bufferAfter * MINUTE_MS);
  return `[${from.toISOString()},${to.toISOString()})`;
}

/** A GROUP booking's seat: in the event at that time, or in a new one when there is none. */
export interface SeatRequest {
  eventTypeId: string;
  seats: number;
  at: { start: Date; end: Date };
  /** The event already at that time (from the timetable), if any. */
  eventId: string | undefined;
  hostIds: string[];
  during: string;
  /** The row of the new event, when there is none at that time yet. */
  newEvent: typeof events.$inferInsert;
}

/** A new booking: an event with its hosts (a plan) or a seat in a GROUP event, and its attendee. */
export interface SlotBooking {
  /** How the hosts are taken: a plan of required hosts and choices, or a GROUP seat. */
  take: { plan: HostPlan } | { seat: SeatRequest };
  during: string;
  now: Date;
  /** The event row when a new event is made (ONE_ON_ONE, COLLECTIVE, ROUND_ROBIN, FLEXI). */
  newEvent(): EventRow;
  newAttendee(eventId: string): AttendeeRow;
  /**
   * Writes that must commit with the booking (a single-use link, an email code, a payment),
   * once its time and attendee are written.
   */
  alsoWrite?: ((tx: Tx, event: EventRow, attendee: AttendeeRow) => Promise<void>) | undefined;
  /** The event type's caps, checked per host under the host's lock; undefined: none. */
  limits?: LimitCheck | undefined;
}

export interface BookedSlot {
  event: EventRow;
  hostIds: string[];
  attendee: AttendeeRow;
}

/**
 * Takes host time for a new booking and writes it whole: the event (or a seat in the GROUP
 * event at that time), its hosts' busy time, the attendee and its one change row ("created",
 * whose mails, reminders and webhooks the change worker derives). The common case (no
 * seats, at most one host choice, nothing else to write) is ONE statement (insertBookingAtOnce),
 * tried once per candidate of the choice so a host who just lost a race is skipped. Everything
 * else takes a transaction (takeHostTime, takeGroupSeat), and so does an event type with caps
 * (weekly limit and the like), which each host's count is checked against under their lock. The
 * exclusion constraint settles every race for time; a serialization failure or deadlock is
 * retried once, then answers UNAVAILABLE.
 * Throws SLOT_NOT_AVAILABLE_ANYMORE when the time is taken, UNAVAILABLE, and what alsoWrite throws.
 */
export async function bookSlot(db: Db, booking: SlotBooking): Promise<BookedSlot> {
  const { take } = booking;
  if (
    "plan" in take &&
    take.plan.choices.length <= 1 &&
    booking.alsoWrite === undefined &&
    booking.limits === undefined
  ) {
    return bookSlotAtOnce(db, booking, take.plan);
  }
  try {
    return await retryOnceOnConflict(() =>
      db.transaction(async (tx) => {
        let event: EventRow;
        let hostIds: string[];
        if ("seat" in take) {
          event = await takeGroupSeat(tx, take.seat, booking.limits);
          hostIds = take.seat.hostIds;
        } else {
          const [created] = await tx.insert(events).values(booking.newEvent()).returning();
          event = created!;
          hostIds = await takeHostTime(tx, event.id, take.plan, booking.during, booking.limits);
        }
        const [attendee] = await tx
          .insert(attendees)
          .values(booking.newAttendee(event.id))
          .returning();
        await booking.alsoWrite?.(tx, event, attendee!);
        await recordChange(
          tx,
          {
            kind: "created",
            eventId: event.id,
            attendeeId: attendee!.id,
            actor: "invitee",
            data: { ...createdChange(event, hostIds) },
          },
          booking.now,
        );
        return { event, hostIds, attendee: attendee! };
      }),
    );
  } catch (error) {
    // The required hosts' insert lost the race (exclusion violation): the time is taken.
    if (sqlState(error) === "23P01") throw slotTaken();
    throw error;
  }
}

/** What a created change records: the status booked in and the hosts in their order. */
export function createdChange(event: EventRow, hostIds: readonly string[]): CreatedData {
  return { status: event.status as CreatedData["status"], hostIds: [...hostIds] };
}

/** bookSlot's one-statement path: the required hosts plus each candidate of the choice in turn. */
async function bookSlotAtOnce(db: Db, booking: SlotBooking, plan: HostPlan): Promise<BookedSlot> {
  const candidates = plan.choices[0]?.filter((id) => !plan.required.includes(id));
  const combinations = candidates === undefined ? [[]] : candidates.map((id) => [id]);
  for (const chosen of combinations) {
    const event = booking.newEvent();
    const attendee = booking.newAttendee(event.id);
    const hostIds = [...plan.required, ...chosen];
    const atOnce = {
      event,
      hostIds,
      during: booking.during,
      attendee,
      change: { ...createdChange(event, hostIds) },
    };
    try {
      if (await retryOnceOnConflict(() => insertBookingAtOnce(db, atOnce))) {
        return { event, hostIds, attendee };
      }
    } catch (error) {
      if (sqlState(error) !== "23P01") throw error;
    }
  }
  throw slotTaken();
}

/**
 * Takes the meeting's time for the hosts of `plan` in the caller's transaction and records them
 * as the event's hosts; returns the host ids taken. The required hosts go in one insert, whose
 * exclusion violation (another booking won the race) fails the whole booking. For each choice
 * (round robin, a FLEXI ANY group) the candidates are tried in order, each in a savepoint, so a
 * host who just lost a race is skipped for the next free one; a host busy in their synced calendars
 * (calendar_busy) counts as taken. Throws SLOT_NOT_AVAILABLE_ANYMORE
 * when a choice has no candidate left. With `limits`, each host is counted under their lock: a
 * required host at a cap fails the booking (SLOT_NOT_AVAILABLE_ANYMORE), a candidate at a cap is
 * skipped. The caller runs its transaction under retryOnceOnConflict.
 */
export async function takeHostTime(
  tx: Tx,
  eventId: string,
  plan: HostPlan,
  during: string,
  limits?: LimitCheck,
): Promise<string[]> {
  const taken = [...plan.required];
  await lockHosts(tx, plan.required);
  // Busy in their own calendars (synced): not a host_busy row, so checked here under the lock.
  if (await calendarBusy(tx, plan.required, during)) throw slotTaken();
  if (limits !== undefined) {
    for (const hostId of plan.required) {
      if (!(await withinHostLimits(tx, limits, hostId))) throw slotTaken();
    }
  }
  if (plan.required.length > 0) {
    await tx.insert(hostBusy).values(plan.required.map((hostId) => ({ hostId, eventId, during })));
  }
  for (const candidates of plan.choices) {
    let chosen: string | null = null;
    for (const hostId of candidates) {
      if (taken.includes(hostId)) continue;
      try {
        const took = await tx.transaction(async (savepoint) => {
          await lockHosts(savepoint, [hostId]);
          if (await calendarBusy(savepoint, [hostId], during)) return false;
          if (limits !== undefined && !(await withinHostLimits(savepoint, limits, hostId))) {
            return false;
          }
          await savepoint.insert(hostBusy).values({ hostId, eventId, during });
          return true;
        });
        if (!took) continue;
        chosen = hostId;
        break;
      } catch (error) {
        if (sqlState(error) !== "23P01") throw error;
      }
    }
    if (chosen === null) throw slotTaken();
    taken.push(chosen);
  }
  await tx.insert(eventHosts).values(taken.map((userId) => ({ eventId, userId })));
  return taken;
}

/**
 * A seat in a GROUP event, in the caller's transaction: in the event at that time, else in a new
 * one with its hosts' time taken, else (a racer created it a moment ago) in the racer's. The
 * event's row is locked while its seats are counted. Throws SLOT_NOT_AVAILABLE_ANYMORE when the
 * event is full, gone or at another time.
 */
export async function takeGroupSeat(
  tx: Tx,
  request: SeatRequest,
  limits?: LimitCheck,
): Promise<EventRow> {
  if (request.eventId === undefined) {
    try {
      return await tx.transaction(async (savepoint) => {
        const [created] = await savepoint.insert(events).values(request.newEvent).returning();
        const plan = { required: request.hostIds, choices: [] };
        await takeHostTime(savepoint, created!.id, plan, request.during, limits);
        return created!;
      });
    } catch (error) {
      if (sqlState(error) !== "23P01") throw error;
    }
  }
  const eventId = request.eventId ?? (await findGroupEventAt(tx, request.eventTypeId, request.at));
  if (eventId === null) throw slotTaken();
  return lockGroupSeat(tx, eventId, request.at, request.seats);
}

/** Frees an event's time: its host_busy rows go. */
export async function releaseHostTime(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`delete from host_busy where event_id = ${eventId}`);
}
