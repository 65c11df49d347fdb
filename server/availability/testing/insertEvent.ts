import { randomBytes } from "node:crypto";
import { MINUTE_MS } from "../../../core/time/durations";
import type { Db } from "../../db/database";
import { attendees, type EventStatus, eventHosts, events, hostBusy } from "../../db/schema";

/** A meeting to insert directly, as the booking code would leave it. */
export interface EventFixture {
  eventTypeId: string;
  hostIds: string[];
  /** ISO instants. */
  start: string;
  end: string;
  /** Default CONFIRMED; only CONFIRMED and PENDING_PAYMENT get host_busy rows. */
  status?: EventStatus;
  /** Minutes of the event type's buffers, widening its host_busy rows. */
  bufferBefore?: number;
  bufferAfter?: number;
  /** Confirmed attendees; default 1. */
  attendees?: number;
  /** Cancelled attendees besides, default 0. */
  cancelledAttendees?: number;
}

/**
 * Test helper: inserts an event with its hosts, attendees and (when active) one host_busy row per
 * host covering the meeting plus its buffers; returns the ids.
 */
export async function insertEvent(
  db: Db,
  fixture: EventFixture,
): Promise<{ eventId: string; attendeeIds: string[] }> {
  const status = fixture.status ?? "CONFIRMED";
  const startAt = new Date(fixture.start);
  const endAt = new Date(fixture.end);
  const [event] = await db
    .insert(events)
    .values({ eventTypeId: fixture.eventTypeId, status, startAt, endAt, title: "Meeting" })
    .returning({ id: events.id });
  const eventId = event!.id;
  await db.insert(eventHosts).values(fixture.hostIds.map((userId) => ({ eventId, userId })));
  if (status !== "CANCELLED") {
    const from = new Date(startAt.getTime() - (fixture.bufferBefore ?? 0) * MINUTE_MS);
    const to = new Date(endAt.getTime() + (fixture.bufferAfter ?? 0) * MINUTE_MS);
    await db.insert(hostBusy).values(
      fixture.hostIds.map((hostId) => ({
        hostId,
        eventId,
        during: `[${from.toISOString()},${to.toISOString()})`,
      })),
    );
  }
  const people = [
    ...Array.from({ length: fixture.attendees ?? 1 }, () => "CONFIRMED" as const),
    ...Array.from({ length: fixture.cancelledAttendees ?? 0 }, () => "CANCELLED" as const),
  ];
  const attendeeIds: string[] = [];
  for (const [i, attendeeStatus] of people.entries()) {
    const [row] = await db
      .insert(attendees)
      .values({
        eventId,
        status: attendeeStatus,
        name: `Invitee ${i + 1}`,
        email: `invitee-${i + 1}@example.com`,
        timeZone: "Europe/Berlin",
        cancelToken: randomBytes(16).toString("hex"),
      })
      .returning({ id: attendees.id });
    attendeeIds.push(row!.id);
  }
  return { eventId, attendeeIds };
}
