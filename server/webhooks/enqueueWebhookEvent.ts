import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { WebhookPayload } from "../../core/api/webhooks";
import { WEBHOOK_PAYLOAD_VERSION, type WebhookEventType } from "../../core/webhooks/webhookEvents";
import type { Db, Tx } from "../db/database";

/** Something that happened, for the subscriptions that asked for it. */
export interface WebhookEvent {
  type: Exclude<WebhookEventType, "ping">;
  /** Hosts whose own subscriptions hear it (the booking's hosts, a personal form's owner). */
  userIds: readonly string[];
  /** The team whose subscriptions hear it (a team event type's or form's). */
  teamId: string | null;
  /** Deliveries with one key go out in order: the booking's uuid. */
  orderKey: string | null;
  data: Record<string, unknown>;
}

/** The exact body of an event's deliveries, the same for every subscription. */
export function webhookBody(
  type: WebhookPayload["type"],
  data: Record<string, unknown>,
  now: Date,
  eventId: string = randomUUID(),
): { eventId: string; body: string } {
  const payload = {
    id: eventId,
    type,
    version: WEBHOOK_PAYLOAD_VERSION,
    createdAt: now.toISOString(),
    data,
  };
  return { eventId, body: JSON.stringify(payload) };
}

const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/**
 * The CTEs (to follow others in a WITH) that write one delivery per active subscription that
 * asked for the event, and its outbox row; `source` names a CTE or table whose one row must
 * exist for anything to be written (the booking's new event), or is empty. A null event
 * writes nothing, with the same statement text.
 */
export function webhookEventCtes(event: WebhookEvent | null, now: Date, source: SQL | null): SQL {
  const { eventId, body } = event
    ? webhookBody(event.type, event.data, now)
    : { eventId: null, body: null };
  const from = source === null ? sql`webhooks w` : sql`${source} cross join webhooks w`;
  return sql`hook_deliveries as (
      insert into webhook_deliveries (webhook_id, event_id, event, order_key, body, created_at)
      select w.id, ${eventId}::uuid, ${event?.type ?? null}::text, ${event?.orderKey ?? null}::text,
        ${body}::text, ${now}
      from ${from}
      where ${event?.type ?? null}::text is not null and w.active
        and w.events @> jsonb_build_array(${event?.type ?? null}::text)
        and (w.user_id = any(${uuidArray(event?.userIds ?? [])}::uuid[])
             or w.team_id = ${event?.teamId ?? null}::uuid)
      returning id
    ), hook_outbox as (
      insert into outbox (kind, payload, next_attempt_at, created_at)
      select 'webhook', jsonb_build_object('deliveryId', id), ${now}, ${now}
      from hook_deliveries
    )`;
}

/**
 * Writes an event's deliveries to the outbox in the caller's transaction, so they go out if and
 * only if the change they announce commits; nothing when no active subscription asked for it.
 */
export async function enqueueWebhookEvent(
  db: Db | Tx,
  event: WebhookEvent,
  now: Date,
): Promise<void> {
  await db.execute(sql`with ${webhookEventCtes(event, now, null)} select 1`);
}

/**
 * Whether any active subscription would hear an event of this type about a meeting: from its
 * event type's owner or team, its hosts, or `formerHostIds`. One light statement, so a change
 * nobody listens to (most instances have no webhooks) costs no read of the meeting.
 */
export async function meetingHasWebhookListeners(
  tx: Tx,
  type: WebhookEvent["type"],
  eventId: string,
  formerHostIds: readonly string[],
): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    with meeting as (
      select e.id, t.user_id, t.team_id from events e
        join event_types t on t.id = e.event_type_id
       where e.id = ${eventId})
    select exists (
      select 1 from webhooks w, meeting m
       where w.active and w.events @> jsonb_build_array(${type}::text)
         and (w.team_id = m.team_id or w.user_id = m.user_id
              or w.user_id = any(${uuidArray(formerHostIds)}::uuid[])
              or w.user_id in (select h.user_id from event_hosts h where h.event_id = m.id))
    ) as found`);
  return Boolean(result.rows[0]?.found);
}

/**
 * Whether any active subscription would hear an event of this type from these owners: callers
 * skip reading what an event tells when nobody listens.
 */
export async function hasWebhookListeners(
  db: Db | Tx,
  type: WebhookEvent["type"],
  userIds: readonly string[],
  teamId: string | null,
): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from webhooks w
       where w.active and w.events @> jsonb_build_array(${type}::text)
         and (w.user_id = any(${uuidArray(userIds)}::uuid[]) or w.team_id = ${teamId}::uuid)
    ) as found`);
  return Boolean(result.rows[0]?.found);
}
