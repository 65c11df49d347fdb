import type { RawQuery } from "../db/database";

/** The outbox kinds an operator watches (`outbox.kind`). */
export const OUTBOX_KINDS = ["mail", "webhook", "calendar", "refund"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxKindState {
  kind: OutboxKind;
  /** Pending jobs due now: what the workers have yet to do. */
  due: number;
  /** Pending jobs due later (reminders, retries waiting for their backoff). */
  scheduled: number;
  /** How long the oldest due job has waited since it became due, in seconds (0: none). */
  oldestDueSeconds: number;
  /** Pending jobs that failed at least once and wait for another try. */
  retrying: number;
  /** Jobs the workers gave up on after their last try. */
  dead: number;
}

/** The outbox per kind at `now`, read in one statement (for `/metrics`, read-only). */
export async function outboxState(query: RawQuery, now: Date): Promise<OutboxKindState[]> {
  const rows = await query<{
    kind: OutboxKind;
    due: string;
    scheduled: string;
    oldest: string | null;
    retrying: string;
    dead: string;
  }>(
    `select kind,
       count(*) filter (where status = 'pending' and next_attempt_at <= $1) as due,
       count(*) filter (where status = 'pending' and next_attempt_at > $1) as scheduled,
       extract(epoch from $1 - min(next_attempt_at)
         filter (where status = 'pending' and next_attempt_at <= $1)) as oldest,
       count(*) filter (where status = 'pending' and attempts > 0) as retrying,
       count(*) filter (where status = 'dead') as dead
     from outbox where status <> 'sent' group by kind`,
    [now],
  );
  return OUTBOX_KINDS.map((kind) => {
    const row = rows.find((found) => found.kind === kind);
    return {
      kind,
      due: Number(row?.due ?? 0),
      scheduled: Number(row?.scheduled ?? 0),
      oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)),
      retrying: Number(row?.retrying ?? 0),
      dead: Number(row?.dead ?? 0),
    };
  });
}

/** Booking changes whose effects are not derived yet, and the oldest one's age in seconds. */
export async function changeBacklog(
  query: RawQuery,
  now: Date,
): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await query<{ pending: string; oldest: string | null }>(
    `select count(*) as pending, extract(epoch from $1 - min(created_at)) as oldest
     from booking_changes where processed_at is null`,
    [now],
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}

/** Webhook deliveries that failed for good (their outbox job is gone, the row says so). */
export async function failedWebhookDeliveries(query: RawQuery): Promise<number> {
  const [row] = await query<{ failed: string }>(
    "select count(*) as failed from webhook_deliveries where status = 'failed'",
  );
  return Number(row?.failed ?? 0);
}

export interface CalendarSyncState {
  provider: string;
  connections: number;
  /** Since the least recently synced connection last synced (or was added), in seconds. */
  oldestSyncSeconds: number;
  /** Connections whose latest syncs fail. */
  failing: number;
}

/** Per calendar provider, how fresh the busy time read from hosts' calendars is. */
export async function calendarSyncState(query: RawQuery, now: Date): Promise<CalendarSyncState[]> {
  const rows = await query<{
    provider: string;
    connections: string;
    oldest: string | null;
    failing: string;
  }>(
    `select provider, count(*) as connections,
       extract(epoch from $1 - min(coalesce(last_synced_at, created_at))) as oldest,
       count(*) filter (where failing_since is not null) as failing
     from calendar_connections group by provider order by provider`,
    [now],
  );
  return rows.map((row) => ({
    provider: row.provider,
    connections: Number(row.connections),
    oldestSyncSeconds: Math.max(0, Number(row.oldest ?? 0)),
    failing: Number(row.failing),
  }));
}
