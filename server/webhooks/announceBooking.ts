import { and, desc, eq, inArray } from "drizzle-orm";
import { type BookingSnapshot, bookingPayload } from "../../core/webhooks/bookingPayload";
import type { Tx } from "../db/database";
import { attendees, eventHosts, events, eventTypes, payments, users } from "../db/schema";
import {
  enqueueWebhookEvent,
  meetingHasWebhookListeners,
  type WebhookEvent,
} from "./enqueueWebhookEvent";

export interface AnnounceOptions {
  /** Only these attendees (a seat of a group event); default every attendee of the event. */
  attendeeIds?: readonly string[];
  /** booking.rescheduled: the time before. */
  former?: { startAt: Date; endAt: Date } | null;
  /** booking.reassigned: the hosts before. */
  formerHosts?: BookingSnapshot["formerHosts"];
  /** booking.cancelled of a request: declined or expired. */
  requestRefused?: BookingSnapshot["requestRefused"];
  /** The key deliveries keep order by; default the event's uuid. */
  orderKey?: string;
}

/**
 * Announces a change of a booking to the subscriptions that asked for `type`, in the caller's
 * transaction (after the change is written): the event type's team's subscriptions and its hosts'
 * own hear it. Reads the booking as it now is only when someone listens.
 */
export async function announceBooking(
  tx: Tx,
  type: WebhookEvent["type"],
  eventId: string,
  now: Date,
  options: AnnounceOptions = {},
): Promise<void> {
  const formerHostIds = (options.formerHosts ?? []).map((host) => host.id);
  if (!(await meetingHasWebhookListeners(tx, type, eventId, formerHostIds))) return;
  const [row] = await tx
    .select({ event: events, type: eventTypes })
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(eq(events.id, eventId));
  if (!row) return;
  const hosts = await tx
    .select({ id: users.id, name: users.name, email: users.email, timeZone: users.timeZone })
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(users.id);
  // A reassignment concerns the hosts it left as much as the one it went to.
  const owners = [
    ...hosts.map((host) => host.id),
    ...formerHostIds,
    ...(row.type.userId ? [row.type.userId] : []),
  ];

  const people = await tx
    .select()
    .from(attendees)
    .where(
      options.attendeeIds
        ? inArray(attendees.id, [...options.attendeeIds])
        : eq(attendees.eventId, eventId),
    )
    .orderBy(attendees.createdAt, attendees.id);
  const [payment] = await tx
    .select({ amount: payments.amount, currency: payments.currency, status: payments.status })
    .from(payments)
    .where(
      options.attendeeIds?.length
        ? and(eq(payments.eventId, eventId), inArray(payments.attendeeId, [...options.attendeeIds]))
        : eq(payments.eventId, eventId),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const snapshot: BookingSnapshot = {
    event: {
      id: row.event.id,
      status: row.event.status as BookingSnapshot["event"]["status"],
      title: row.event.title,
      startAt: row.event.startAt,
      endAt: row.event.endAt,
      location: row.event.location ?? null,
      rescheduleReason: row.event.rescheduleReason,
      cancellationReason: row.event.cancellationReason,
    },
    eventType: {
      id: row.type.id,
      slug: row.type.slug,
      title: row.type.title,
      kind: row.type.kind,
      teamId: row.type.teamId,
    },
    hosts,
    attendees: people,
    payment: payment ?? null,
    former: options.former ?? null,
    formerHosts: options.formerHosts ?? null,
    requestRefused: options.requestRefused ?? null,
  };
  await enqueueWebhookEvent(
    tx,
    {
      type,
      userIds: owners,
      teamId: row.type.teamId,
      orderKey: options.orderKey ?? eventId,
      data: { booking: bookingPayload(snapshot) },
    },
    now,
  );
}
