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

/** The rows a booking event is told from, as read in the change's transaction. */
type EventPart = Pick<
  typeof events.$inferSelect,
  | "id"
  | "status"
  | "title"
  | "startAt"
  | "endAt"
  | "location"
  | "rescheduleReason"
  | "cancellationReason"
>;
type TypePart = Pick<typeof eventTypes.$inferSelect, "id" | "slug" | "title" | "kind" | "teamId">;

/** What a booking event tells of the meeting, its type, hosts, attendees and payment. */
export function bookingSnapshotOf(
  event: EventPart,
  type: TypePart,
  hosts: BookingSnapshot["hosts"],
  people: BookingSnapshot["attendees"],
  payment: BookingSnapshot["payment"],
  options: AnnounceOptions,
): BookingSnapshot {
  return {
    event: {
      id: event.id,
      status: event.status as BookingSnapshot["event"]["status"],
      title: event.title,
      startAt: event.startAt,
      endAt: event.endAt,
      location: event.location ?? null,
      rescheduleReason: event.rescheduleReason,
      cancellationReason: event.cancellationReason,
    },
    eventType: {
      id: type.id,
      slug: type.slug,
      title: type.title,
      kind: type.kind,
      teamId: type.teamId,
    },
    hosts,
    attendees: people,
    payment,
    former: options.former ?? null,
    formerHosts: options.formerHosts ?? null,
    requestRefused: options.requestRefused ?? null,
  };
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
  const snapshot = bookingSnapshotOf(row.event, row.type, hosts, people, payment ?? null, options);
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
