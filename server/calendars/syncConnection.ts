import { and, eq, sql } from "drizzle-orm";
import { DAY_MS } from "../../core/time/durations";
import type { GoogleConfig, MicrosoftConfig, ZoomConfig } from "../config";
import type { Db, Tx } from "../db/database";
import {
  type CalendarSyncError,
  calendarBusy,
  calendarConnections,
  connectedCalendars,
  users,
} from "../db/schema";
import { MAX_BUSY_INTERVALS, mergeBusyIntervals, ReadBudget } from "./busyLimits";
import { enqueueCalendarFailingMail } from "./calendarFailingMail";
import { type BusyInterval, CalendarSourceError } from "./calendarSource";
import { connectionSource } from "./connectionSource";
import type { CalendarBookingCanceller } from "./externalChanges";
import { ensureGoogleChannels } from "./google/googleChannels";
import { syncGoogleChanges } from "./google/googleTwoWay";
import { ensureMicrosoftSubscriptions } from "./microsoft/microsoftSubscriptions";
import { syncMicrosoftChanges } from "./microsoft/microsoftTwoWay";
import { ZoomTokenKeeper } from "./zoom/zoomMeetings";

/** How often a healthy connection is read again. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** The horizon read when no event type of the host limits it, and the longest read at all. */
const DEFAULT_HORIZON_DAYS = 365;
const MAX_HORIZON_DAYS = 730;
/** Busy rows written per insert statement. */
const INSERT_CHUNK = 500;

export interface SyncContext {
  db: Db;
  encryptionKey: Buffer;
  /** CALENDAR_ALLOW_PRIVATE: calendar servers on private and loopback addresses are reached. */
  allowPrivate: boolean;
  publicUrl: string;
  now: Date;
  /** The installation's Google app (GOOGLE_CLIENT_ID), for Google connections. */
  google?: GoogleConfig | null;
  /** The installation's Microsoft app (MICROSOFT_CLIENT_ID), for Microsoft connections. */
  microsoft?: MicrosoftConfig | null;
  /** The installation's Zoom app (ZOOM_CLIENT_ID), for Zoom connections. */
  zoom?: ZoomConfig | null;
  /** Two-way: cancels a booking deleted in a calendar whose connection says so. */
  cancelBooking?: CalendarBookingCanceller | undefined;
}

export type SyncOutcome =
  | { ok: true; busyBlocks: number; truncated: boolean }
  | { ok: false; reason: CalendarSyncError };

/**
 * Reads the busy calendars of one connection over the booking horizon (from a day back to the
 * furthest horizon of the host's event types) and replaces the connection's calendar_busy rows
 * with what it found, in one transaction, so the timetable sees the old set or the new one.
 * Events Slotted wrote for this host (UID `{event id}@slotted`) are left out: their host_busy
 * rows already block them. Each calendar's overlapping and touching intervals are merged, and
 * at most MAX_BUSY_INTERVALS are kept, the earliest: a connection that had more, or whose
 * reading a limit cut short (busyLimits.ts), keeps what was read and says TOO_MANY_EVENTS.
 * A failure keeps the last good rows, records the reason, and starts a failure run (one mail
 * to the host when it starts, none per later attempt). Never throws for a provider failure.
 */
export async function syncConnection(
  context: SyncContext,
  connectionId: string,
): Promise<SyncOutcome> {
  const { db, now } = context;
  const [connection] = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (connection === undefined) return { ok: false, reason: "CALENDAR_GONE" };
  if (connection.provider === "ZOOM") return checkZoomGrant(context, connection);
  const calendars = await db
    .select()
    .from(connectedCalendars)
    .where(
      and(eq(connectedCalendars.connectionId, connectionId), eq(connectedCalendars.busy, true)),
    );
  const [host] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, connection.userId));
  const from = now.getTime() - DAY_MS;
  const to = now.getTime() + (await horizonDays(db, connection.userId)) * DAY_MS;

  const found: { calendarId: string; busy: BusyInterval[] }[] = [];
  const budget = new ReadBudget();
  const google = {
    google: context.google ?? null,
    db,
    encryptionKey: context.encryptionKey,
    clock: () => now,
  };
  try {
    const source = connectionSource(
      connection,
      context.encryptionKey,
      context.allowPrivate,
      google,
      { ...google, microsoft: context.microsoft ?? null },
    );
    for (const calendar of calendars) {
      const busy = await source.readBusy(calendar, from, to, host?.timeZone ?? "UTC", budget);
      found.push({ calendarId: calendar.id, busy });
    }
  } catch (error) {
    const reason = error instanceof CalendarSourceError ? error.reason : "INVALID_DATA";
    await recordSyncFailure(context, connection.id, reason);
    return { ok: false, reason };
  }
  const own = await ownEventUids(
    db,
    connection.userId,
    found.flatMap((f) => f.busy.map((interval) => interval.uid)),
  );
  // Merged per calendar, so that unticking a calendar can delete its rows alone.
  const kept = found
    .flatMap(({ calendarId, busy }) =>
      mergeBusyIntervals(busy.filter((interval) => !own.has(interval.uid))).map((interval) => ({
        calendarId,
        interval,
      })),
    )
    .sort((a, b) => a.interval.start - b.interval.start);
  const truncated = budget.truncated || kept.length > MAX_BUSY_INTERVALS;
  const rows = kept.slice(0, MAX_BUSY_INTERVALS).map(({ calendarId, interval }) => ({
    userId: connection.userId,
    connectionId,
    calendarId,
    uid: interval.uid.slice(0, 1000),
    during: `[${new Date(interval.start).toISOString()},${new Date(interval.end).toISOString()})`,
  }));
  await db.transaction(async (tx) => {
    await tx.delete(calendarBusy).where(eq(calendarBusy.connectionId, connectionId));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(calendarBusy).values(rows.slice(i, i + INSERT_CHUNK));
    }
    await markSynced(tx, connectionId, now, truncated);
  });
  if (connection.provider === "GOOGLE") {
    // Two-way: what the host did to booked meetings' events there, read incrementally. A read
    // that fails concludes nothing (no booking is cancelled because Google is unreachable); its
    // changes are read again next time.
    await syncGoogleChanges(
      { ...google, now, cancelBooking: context.cancelBooking },
      connection,
    ).catch(() => undefined);
    // Google tells of changes by push; each good sync makes or renews the channels.
    await ensureGoogleChannels({ ...google, publicUrl: context.publicUrl }, connection).catch(
      () => undefined,
    );
  }
  if (connection.provider === "MICROSOFT") {
    const microsoft = { ...google, microsoft: context.microsoft ?? null };
    // The same for Microsoft: its delta reads tell what changed; Graph subscriptions push.
    await syncMicrosoftChanges(
      { ...microsoft, now, cancelBooking: context.cancelBooking },
      connection,
      { from, to, zone: host?.timeZone ?? "UTC" },
    ).catch(() => undefined);
    await ensureMicrosoftSubscriptions(
      { ...microsoft, publicUrl: context.publicUrl },
      connection,
    ).catch(() => undefined);
  }
  return { ok: true, busyBlocks: rows.length, truncated };
}

function markSynced(db: Db | Tx, connectionId: string, now: Date, truncated: boolean) {
  return db
    .update(calendarConnections)
    .set({
      lastSyncedAt: now,
      lastAttemptAt: now,
      failingSince: null,
      lastError: null,
      syncWarning: truncated ? "TOO_MANY_EVENTS" : null,
      nextSyncAt: new Date(now.getTime() + SYNC_INTERVAL_MS),
    })
    .where(eq(calendarConnections.id, connectionId));
}

/**
 * A Zoom connection has no calendar to read: its sync keeps the grant alive and checked (the
 * access token refreshed when due, so a revoked consent is noticed before a booking needs it).
 */
async function checkZoomGrant(
  context: SyncContext,
  connection: typeof calendarConnections.$inferSelect,
): Promise<SyncOutcome> {
  const { db, now } = context;
  try {
    await new ZoomTokenKeeper(
      { zoom: context.zoom ?? null, db, encryptionKey: context.encryptionKey, clock: () => now },
      connection,
    ).accessToken();
  } catch (error) {
    const reason = error instanceof CalendarSourceError ? error.reason : "INVALID_DATA";
    await recordSyncFailure(context, connection.id, reason);
    return { ok: false, reason };
  }
  await markSynced(db, connection.id, now, false);
  return { ok: true, busyBlocks: 0, truncated: false };
}

/**
 * Records a failed use of a connection (a sync, a Zoom meeting's write): its reason, and, when
 * it starts a failure run, the one mail that tells the host.
 */
export async function recordSyncFailure(
  context: Pick<SyncContext, "db" | "publicUrl" | "now">,
  connectionId: string,
  reason: CalendarSyncError,
): Promise<void> {
  const { now } = context;
  await context.db.transaction(async (tx) => {
    // Only the attempt that starts a failure run mails; the row lock keeps two workers from both
    // thinking they did.
    const [current] = await tx
      .select({
        failingSince: calendarConnections.failingSince,
        userId: calendarConnections.userId,
        name: calendarConnections.name,
      })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId))
      .for("update");
    if (current === undefined) return;
    await tx
      .update(calendarConnections)
      .set({
        lastAttemptAt: now,
        lastError: reason,
        failingSince: current.failingSince ?? now,
        nextSyncAt: new Date(now.getTime() + SYNC_INTERVAL_MS),
      })
      .where(eq(calendarConnections.id, connectionId));
    if (current.failingSince === null) {
      await enqueueCalendarFailingMail(tx, {
        userId: current.userId,
        connectionName: current.name,
        reason,
        publicUrl: context.publicUrl,
        now,
      });
    }
  });
}

/** Days ahead to read: the furthest horizon of the event types the host owns or hosts. */
async function horizonDays(db: Db, userId: string): Promise<number> {
  const result = await db.execute<{ days: number | null }>(sql`
    select max(coalesce(et.max_days_ahead, ${DEFAULT_HORIZON_DAYS}))::int as days
    from event_types et
    where et.user_id = ${userId}
       or exists (select 1 from event_type_hosts h where h.event_type_id = et.id and h.user_id = ${userId})`);
  const days = result.rows[0]?.days ?? DEFAULT_HORIZON_DAYS;
  return Math.min(Math.max(days, 1) + 1, MAX_HORIZON_DAYS);
}

const OWN_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@slotted$/i;

/** The UIDs among `uids` of meetings this host has in Slotted (what Slotted wrote for them). */
async function ownEventUids(db: Db, userId: string, uids: string[]): Promise<Set<string>> {
  const ids = [...new Set(uids.map((uid) => OWN_UID.exec(uid)?.[1]?.toLowerCase()))].filter(
    (id): id is string => id !== undefined,
  );
  if (ids.length === 0) return new Set();
  const result = await db.execute<{ id: string }>(sql`
    select eh.event_id::text as id from event_hosts eh
    where eh.user_id = ${userId}
      and eh.event_id = any(string_to_array(${ids.join(",")}, ',')::uuid[])`);
  return new Set(result.rows.map((row) => `${row.id}@slotted`));
}
