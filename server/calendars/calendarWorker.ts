import { sql } from "drizzle-orm";
import type { GoogleConfig, MicrosoftConfig, ZoomConfig } from "../config";
import type { Database } from "../db/database";
import { startPollingWorker } from "../workers/pollingWorker";
import type { WorkSignal } from "../workers/workSignal";
import { writeDueCalendarEvents } from "./calendarEventWriter";
import type { CalendarBookingCanceller } from "./externalChanges";
import { syncConnection } from "./syncConnection";

export interface CalendarWorkerOptions {
  database: Database;
  encryptionKey: Buffer;
  /** CALENDAR_ALLOW_PRIVATE: calendar servers on private and loopback addresses are reached. */
  allowPrivate: boolean;
  publicUrl: string;
  /** The installation's Google app (GOOGLE_CLIENT_ID), for Google connections. */
  google?: GoogleConfig | null;
  /** The installation's Microsoft app (MICROSOFT_CLIENT_ID), for Microsoft connections. */
  microsoft?: MicrosoftConfig | null;
  /** The installation's Zoom app (ZOOM_CLIENT_ID), for Zoom connections and meetings. */
  zoom?: ZoomConfig | null;
  /** Two-way: cancels a booking deleted in a calendar whose connection says so. */
  cancelBooking?: CalendarBookingCanceller;
  clock: () => Date;
  log?: { warn(obj: object, msg: string): void };
  /** How often to look for connections due a sync and events due a write. */
  pollMs?: number;
  /** Wakes the worker when calendar writes or connections commit, not only on its poll. */
  workSignal?: WorkSignal;
}

export interface CalendarWorker {
  /** One pass: syncs the due connections, writes the due calendar events. */
  pass(): Promise<void>;
  stop(): Promise<void>;
}

/** Connections claimed per pass. */
const BATCH = 10;
/** How long a claimed connection is left to its claimer before another process may take it. */
const LEASE_MS = 120_000;

/**
 * Keeps calendar connections fresh and bookings in the hosts' calendars: at start, then `pollMs`
 * after each pass, it claims the connections whose next sync is due (FOR UPDATE SKIP LOCKED, so several processes
 * share the work) and syncs them one by one, then writes the due calendar events of the outbox.
 * At start every connection is due, so a restart reads all calendars again.
 */
export function startCalendarWorker(options: CalendarWorkerOptions): CalendarWorker {
  const { database, clock } = options;
  const { db } = database;

  async function syncDue(signal: AbortSignal): Promise<void> {
    const now = clock();
    const claimed = await db.execute<{ id: string }>(sql`
      update calendar_connections
         set next_sync_at = ${new Date(now.getTime() + LEASE_MS)}
       where id in (
         select id from calendar_connections
          where next_sync_at <= ${now}
          order by next_sync_at
          limit ${BATCH}
          for update skip locked)
      returning id`);
    for (const { id } of claimed.rows) {
      if (signal.aborted) return;
      const context = {
        db,
        encryptionKey: options.encryptionKey,
        allowPrivate: options.allowPrivate,
        publicUrl: options.publicUrl,
        google: options.google ?? null,
        microsoft: options.microsoft ?? null,
        zoom: options.zoom ?? null,
        cancelBooking: options.cancelBooking,
        now: clock(),
      };
      await syncConnection(context, id).catch((error: unknown) =>
        options.log?.warn({ connectionId: id, err: error }, "calendar sync failed"),
      );
    }
  }

  async function pass(signal: AbortSignal): Promise<void> {
    await syncDue(signal);
    await writeDueCalendarEvents(
      {
        db,
        encryptionKey: options.encryptionKey,
        allowPrivate: options.allowPrivate,
        publicUrl: options.publicUrl,
        google: options.google ?? null,
        microsoft: options.microsoft ?? null,
        zoom: options.zoom ?? null,
        clock,
        ...(options.log ? { log: options.log } : {}),
      },
      signal,
    );
  }

  const worker = startPollingWorker({
    tick: pass,
    pollMs: options.pollMs ?? 30_000,
    wakeOn: options.workSignal && {
      signal: options.workSignal,
      tables: ["outbox:calendar", "calendar_connections"],
    },
    onError(error) {
      options.log?.warn({ err: error }, "calendar pass failed");
    },
  });
  const started = db
    .execute(
      sql`update calendar_connections set next_sync_at = ${clock()} where next_sync_at > ${clock()}`,
    )
    .then(() => worker.run())
    // Logged, not left unhandled (which would end the process); the next pass tries again.
    .catch((error: unknown) => options.log?.warn({ err: error }, "calendar start failed"));

  return {
    pass: worker.run,
    async stop() {
      await worker.stop();
      await started;
    },
  };
}
