import { sql } from "drizzle-orm";
import { bookingPayload } from "../../core/webhooks/bookingPayload";
import type { AttendeeRow, EventRow, HostUser } from "../data/bookings";
import type { EventTypeRow } from "../data/eventTypes";
import type { Tx } from "../db/database";
import { type AnnounceOptions, bookingSnapshotOf } from "./announceBooking";
import { type WebhookEvent, webhookBody } from "./enqueueWebhookEvent";

/** One booking event to announce, as announceBooking takes it. */
export interface Announcement {
  type: WebhookEvent["type"];
  eventId: string;
  now: Date;
  options: AnnounceOptions;
}

/** A meeting as the batch read it: its row, type, hosts and every attendee. */
export interface AnnouncedMeeting {
  event: EventRow;
  type: EventTypeRow;
  hosts: readonly HostUser[];
  attendees: readonly AttendeeRow[];
}

type Subscription = {
  id: string;
  user_id: string | null;
  team_id: string | null;
  events: string[];
};

type PaymentRow = {
  event_id: string;
  attendee_id: string | null;
  amount: number;
  currency: string;
  status: string;
};

const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(",")}}`;

/**
 * Announces many booking events in the caller's transaction as announceBooking does one (the
 * same subscriptions hear the same bodies), in at most three statements whatever their number:
 * the subscriptions of every owner concerned, the payments of the meetings someone listens to,
 * and the deliveries with their outbox rows. The meetings come from `meetingOf` (the batch's read).
 */
export async function announceBookings(
  tx: Tx,
  announcements: readonly Announcement[],
  meetingOf: (eventId: string) => Promise<AnnouncedMeeting | null>,
): Promise<void> {
  const told = [];
  for (const announcement of announcements) {
    const meeting = await meetingOf(announcement.eventId);
    if (meeting === null) continue;
    const formerHostIds = (announcement.options.formerHosts ?? []).map((host) => host.id);
    // A reassignment concerns the hosts it left as much as the one it went to.
    const owners = new Set([
      ...meeting.hosts.map((host) => host.id),
      ...formerHostIds,
      ...(meeting.type.userId ? [meeting.type.userId] : []),
    ]);
    told.push({ announcement, meeting, owners });
  }
  if (told.length === 0) return;
  const subscriptions = (
    await tx.execute<Subscription>(sql`
      select id, user_id, team_id, events from webhooks
       where active
         and (user_id = any(${uuidArray(new Set(told.flatMap((t) => [...t.owners])))}::uuid[])
              or team_id = any(${uuidArray(new Set(told.flatMap((t) => (t.meeting.type.teamId ? [t.meeting.type.teamId] : []))))}::uuid[]))
       order by id`)
  ).rows;
  const heard = told
    .map((t) => ({
      ...t,
      listeners: subscriptions.filter(
        (w) =>
          w.events.includes(t.announcement.type) &&
          ((w.user_id !== null && t.owners.has(w.user_id)) ||
            (w.team_id !== null && w.team_id === t.meeting.type.teamId)),
      ),
    }))
    .filter((t) => t.listeners.length > 0);
  if (heard.length === 0) return;
  const paid = (
    await tx.execute<PaymentRow>(sql`
      select event_id, attendee_id, amount, currency, status from payments
       where event_id = any(${uuidArray(new Set(heard.map((t) => t.meeting.event.id)))}::uuid[])
       order by created_at desc`)
  ).rows;
  const deliveries = heard.flatMap(({ announcement, meeting, listeners }) => {
    const { type, options, now } = announcement;
    const eventId = meeting.event.id;
    const ids = options.attendeeIds;
    const people = ids
      ? meeting.attendees.filter((a) => ids.includes(a.id))
      : [...meeting.attendees];
    const payment = paid.find(
      (p) =>
        p.event_id === eventId &&
        (!ids?.length || (p.attendee_id !== null && ids.includes(p.attendee_id))),
    );
    const hosts = [...meeting.hosts]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(({ id, name, email, timeZone }) => ({ id, name, email, timeZone }));
    const snapshot = bookingSnapshotOf(
      meeting.event,
      meeting.type,
      hosts,
      people,
      payment
        ? { amount: Number(payment.amount), currency: payment.currency, status: payment.status }
        : null,
      options,
    );
    const body = webhookBody(type, { booking: bookingPayload(snapshot) }, now);
    return listeners.map((w) => ({
      webhook_id: w.id,
      event_id: body.eventId,
      event: type,
      order_key: options.orderKey ?? eventId,
      body: body.body,
      created_at: now.toISOString(),
    }));
  });
  await tx.execute(sql`
    with hook_deliveries as (
      insert into webhook_deliveries (webhook_id, event_id, event, order_key, body, created_at)
      select (d->>'webhook_id')::uuid, (d->>'event_id')::uuid, d->>'event', d->>'order_key',
             d->>'body', (d->>'created_at')::timestamptz
        from jsonb_array_elements(${JSON.stringify(deliveries)}::jsonb) with ordinality as r(d, n)
       order by n
      returning id, created_at
    )
    insert into outbox (kind, payload, next_attempt_at, created_at)
    select 'webhook', jsonb_build_object('deliveryId', id), created_at, created_at
      from hook_deliveries`);
}
