import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../db/database";
import { teamMembers, users, webhooks } from "../db/schema";
import { errorMessage } from "../loggerOptions";
import { enqueueMails } from "../mail/outbox";
import { type ClaimRunMark, claimRunMark, startClaimWorker } from "../workers/claimWorker";
import { type OutboxRow, outboxWork } from "../workers/outboxJobs";
import { retryDelay } from "../workers/retryDelay";
import type { WorkSignal } from "../workers/workSignal";
import { DeliveryError, deliverWebhook } from "./deliverWebhook";
import { signWebhook } from "./signWebhook";
import { openWebhookSecret } from "./webhookSecret";

export interface WebhookWorkContext {
  database: Database;
  publicUrl: string;
  clock: () => Date;
  /** WEBHOOK_ALLOW_PRIVATE: deliveries may reach private and loopback addresses. */
  allowPrivate: boolean;
  /** ENCRYPTION_KEY, which opens the stored signing secrets. */
  encryptionKey: Buffer;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/** Deliveries claimed per pass, and sent at once. */
const BATCH = 50;
const CONCURRENCY = 8;
/** Longer than an attempt can take (deliverWebhook's timeout), so no two processes send one. */
const LEASE_MS = 60_000;
/** First retry after 30 s, doubling up to an hour between attempts. */
export const WEBHOOK_BASE_DELAY_MS = 30_000;
export const WEBHOOK_MAX_DELAY_MS = 3_600_000;
/** A delivery is retried for this long after it was written, then it fails and pauses its subscription. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;

/** A claimed delivery: its outbox row's id and attempts, and what is sent. */
interface Claimed extends OutboxRow {
  deliveryId: string;
  webhookId: string;
  url: string;
  secret: string;
  event: string;
  eventId: string;
  body: string;
  createdAt: Date;
}

/**
 * Claims due webhook deliveries like mail (FOR UPDATE SKIP LOCKED, leased): only of active
 * subscriptions (an owner's ping or resend, `manual`, goes to a paused one too), and never one whose order key has an
 * earlier delivery still pending, so one booking's events arrive in the order they happened.
 */
async function claim(
  work: WebhookWorkContext,
  limit: number,
  now: Date,
  leasedUntil: Date,
): Promise<Claimed[]> {
  const result = await work.database.db.execute<{
    outbox_id: string | number;
    attempts: number;
    delivery_id: string;
    webhook_id: string;
    url: string;
    secret: string;
    event: string;
    event_id: string;
    body: string;
    created_at: string | Date;
  }>(sql`
    with claimed as (
      update outbox
         set attempts = attempts + 1, next_attempt_at = ${leasedUntil}
       where id in (
         select o.id from outbox o
           join webhook_deliveries d on d.id = (o.payload->>'deliveryId')::uuid
           join webhooks w on w.id = d.webhook_id
          where o.kind = 'webhook' and o.status = 'pending' and o.next_attempt_at <= ${now}
            and (w.active or d.event = 'ping' or (o.payload->>'manual') = 'true')
            and (d.order_key is null or not exists (
              select 1 from webhook_deliveries e
               where e.webhook_id = d.webhook_id and e.order_key = d.order_key
                 and e.status = 'pending' and e.seq < d.seq))
          order by o.next_attempt_at, o.id
          limit ${limit}
          for update of o skip locked)
      returning id, attempts, payload)
    select c.id as outbox_id, c.attempts, d.id as delivery_id, d.webhook_id, w.url, w.secret,
           d.event, d.event_id, d.body, d.created_at
      from claimed c
      join webhook_deliveries d on d.id = (c.payload->>'deliveryId')::uuid
      join webhooks w on w.id = d.webhook_id`);
  return result.rows.map((row) => ({
    id: Number(row.outbox_id),
    attempts: row.attempts,
    deliveryId: row.delivery_id,
    webhookId: row.webhook_id,
    url: row.url,
    secret: row.secret,
    event: row.event,
    eventId: row.event_id,
    body: row.body,
    createdAt: new Date(row.created_at),
  }));
}

/** Who hears that a subscription was paused: its host, or its team's admins. */
async function owners(tx: Tx, webhookId: string) {
  const [hook] = await tx.select().from(webhooks).where(eq(webhooks.id, webhookId));
  if (!hook) return [];
  const people = { email: users.email, name: users.name, language: users.language };
  if (hook.userId !== null) {
    return tx.select(people).from(users).where(eq(users.id, hook.userId));
  }
  return tx
    .select(people)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, hook.teamId!), eq(teamMembers.role, "admin")));
}

/** Pauses a subscription the server gave up on and mails its owners, once. */
async function pause(
  tx: Tx,
  work: WebhookWorkContext,
  hook: Claimed,
  reason: "gone" | "failing",
  now: Date,
) {
  const paused = await tx
    .update(webhooks)
    .set({ active: false, pausedReason: reason, updatedAt: now })
    .where(and(eq(webhooks.id, hook.webhookId), eq(webhooks.active, true)))
    .returning({ id: webhooks.id });
  if (paused.length === 0) return;
  const manageUrl = `${work.publicUrl}/dashboard/webhooks`;
  await enqueueMails(
    tx,
    (await owners(tx, hook.webhookId)).map((owner) => ({
      template: "webhookPaused" as const,
      to: { email: owner.email, name: owner.name },
      language: owner.language,
      data: { url: hook.url, reason, manageUrl },
    })),
    now,
  );
}

/** What one attempt came to: the receiver's answer, or why there was none. */
interface Attempt {
  sentAt: Date;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/** Sends one claimed delivery, signed as it leaves. */
async function send(work: WebhookWorkContext, hook: Claimed): Promise<Attempt> {
  const sentAt = work.clock();
  const headers = {
    "content-type": "application/json",
    "user-agent": "Slotted-Webhooks/1",
    "slotted-event": hook.event,
    "slotted-event-id": hook.eventId,
    "slotted-delivery-id": hook.deliveryId,
    "slotted-signature": signWebhook(
      openWebhookSecret(work.encryptionKey, hook.webhookId, hook.secret),
      Math.floor(sentAt.getTime() / 1000),
      hook.body,
    ),
  };
  let status: number | null = null;
  let durationMs = 0;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const answer = await deliverWebhook(hook.url, headers, hook.body, work.allowPrivate);
    status = answer.status;
    durationMs = answer.durationMs;
    excerpt = answer.excerpt;
  } catch (caught) {
    error = caught instanceof DeliveryError ? caught.message : errorMessage(caught);
    durationMs = caught instanceof DeliveryError ? caught.durationMs : 0;
  }
  return { sentAt, status, durationMs, excerpt, error };
}

/**
 * Records an attempt: delivered, retried with backoff, or failed (410, or out of its retry
 * window), which pauses the subscription. True when the receiver took it.
 */
async function record(
  work: WebhookWorkContext,
  hook: Claimed,
  { sentAt, status, durationMs, excerpt, error }: Attempt,
): Promise<boolean> {
  const { db } = work.database;
  const now = work.clock();
  const delivered = status !== null && status >= 200 && status < 300;
  const gone = status === 410;
  const expired = now.getTime() - hook.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
  const failed = !delivered && (gone || expired);
  const next = new Date(
    now.getTime() + retryDelay(hook.attempts, WEBHOOK_BASE_DELAY_MS, WEBHOOK_MAX_DELAY_MS),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update webhook_deliveries
         set status = ${delivered ? "delivered" : failed ? "failed" : "pending"},
             attempts = attempts + 1, response_status = ${status}, duration_ms = ${durationMs},
             response_excerpt = ${excerpt}, error = ${error}, last_attempt_at = ${sentAt},
             delivered_at = ${delivered ? now : null}
       where id = ${hook.deliveryId}`);
    await tx.execute(sql`
      update outbox
         set status = ${delivered ? "sent" : failed ? "dead" : "pending"},
             sent_at = ${delivered ? now : null},
             next_attempt_at = ${delivered || failed ? now : next},
             last_error = ${delivered ? null : (error ?? `HTTP ${status}`)}
       where id = ${hook.id}`);
    // A ping tells the owner what the receiver says; it pauses nothing.
    if (failed && hook.event !== "ping") {
      await pause(tx, work, hook, gone ? "gone" : "failing", now);
    }
  });
  if (!delivered) {
    work.log?.warn(
      { deliveryId: hook.deliveryId, webhookId: hook.webhookId, status, err: error, failed },
      "webhook not delivered",
    );
  }
  return delivered;
}

/** Deliveries in the shared claim–run–mark shape; a send never throws, it answers. */
function webhookWork(work: WebhookWorkContext): ClaimRunMark<Claimed, Attempt> {
  return outboxWork({
    db: work.database.db,
    clock: work.clock,
    log: work.log,
    batch: BATCH,
    concurrency: CONCURRENCY,
    leaseMs: LEASE_MS,
    claim: (limit, now, leasedUntil) => claim(work, limit, now, leasedUntil),
    run: (hook) => send(work, hook),
    // The attempt goes into the delivery's log with it, and a failure may pause the subscription.
    marking: {
      mark: (hook, outcome) =>
        record(
          work,
          hook,
          outcome.ok
            ? outcome.value
            : {
                sentAt: work.clock(),
                status: null,
                durationMs: 0,
                excerpt: null,
                error: errorMessage(outcome.error),
              },
        ),
    },
    about: (hook) => ({ deliveryId: hook.deliveryId }),
    lost: "webhook attempt lost",
  });
}

/**
 * One pass: claims due deliveries and sends them, a few at once; a failure is retried with
 * exponential backoff (30 s doubling to 1 h) for 24 hours from when it was written, then it fails
 * and pauses its subscription (so does a 410 at once), mailing the owner. Resolves with how
 * many were delivered.
 */
export function deliverDueWebhooks(
  work: WebhookWorkContext,
  signal?: AbortSignal,
): Promise<number> {
  return claimRunMark(webhookWork(work), signal);
}

export interface WebhookWorker {
  /** Delivers what is due now, pass after pass while a pass finds work; resolves with the count. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs deliverDueWebhooks 1 s (`pollMs`) after each pass in this process; any number of
 * processes may.
 */
export function startWebhookWorker(
  work: WebhookWorkContext & { pollMs?: number; workSignal?: WorkSignal },
): WebhookWorker {
  // A pass that delivered something may have unblocked the next of a booking's events: the
  // shared loop claims again while a pass delivers.
  const worker = startClaimWorker(webhookWork(work), {
    pollMs: work.pollMs ?? 1000,
    wakeOn: work.workSignal && { signal: work.workSignal, tables: ["outbox:webhook"] },
    onError(error) {
      work.log?.warn({ err: error }, "webhook pass failed");
    },
  });
  return { drain: worker.drain, stop: worker.stop };
}
