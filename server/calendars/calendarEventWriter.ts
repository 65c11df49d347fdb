import { and, eq, inArray, sql } from "drizzle-orm";
import { isConnectedLocationType } from "../../core/eventTypes/eventTypeSchema";
import type { GoogleConfig, MicrosoftConfig, ZoomConfig } from "../config";
import type { Db } from "../db/database";
import {
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  eventHosts,
  events,
  users,
} from "../db/schema";
import { translator } from "../i18n/serverI18n";
import { meetingIcs } from "../mail/meetingIcs";
import { type ClaimRunMark, claimRunMark } from "../workers/claimWorker";
import { claimOutbox, type OutboxJob, outboxWork, type RetryPolicy } from "../workers/outboxJobs";
import type { CalendarJob } from "./calendarJobs";
import { CalendarSourceError, type WrittenEvent } from "./calendarSource";
import { meetingLink, storeMeetingLink } from "./connectedLocations";
import { connectionSource } from "./connectionSource";
import { type GoogleContext, writeGoogleMeeting } from "./google/googleSource";
import { type MicrosoftContext, writeMicrosoftMeeting } from "./microsoft/microsoftSource";
import { recordSyncFailure } from "./syncConnection";
import { applyZoomMeeting, ZOOM_MEETING_LOCATION } from "./zoom/zoomMeetings";

export interface CalendarWriteContext {
  db: Db;
  encryptionKey: Buffer;
  /** CALENDAR_ALLOW_PRIVATE: calendar servers on private and loopback addresses are reached. */
  allowPrivate: boolean;
  publicUrl: string;
  clock: () => Date;
  log?: { warn(obj: object, msg: string): void };
  /** The installation's Google app (GOOGLE_CLIENT_ID), for Google connections. */
  google?: GoogleConfig | null;
  /** Google API retry waits (tests: none). */
  googleRetryDelaysMs?: readonly number[];
  /** The installation's Microsoft app (MICROSOFT_CLIENT_ID), for Microsoft connections. */
  microsoft?: MicrosoftConfig | null;
  /** Graph retry waits (tests: none). */
  microsoftRetryDelaysMs?: readonly number[];
  /** The installation's Zoom app (ZOOM_CLIENT_ID), for ZOOM_CONNECTED meetings. */
  zoom?: ZoomConfig | null;
  /** Zoom API retry waits (tests: none). */
  zoomRetryDelaysMs?: readonly number[];
}

/** Zoom meetings of the job's booking, a Zoom connection refused marked as needing reconnection. */
function zoomMeeting(context: CalendarWriteContext, eventId: string): Promise<string | null> {
  return applyZoomMeeting(
    {
      zoom: context.zoom ?? null,
      db: context.db,
      encryptionKey: context.encryptionKey,
      clock: context.clock,
      ...(context.zoomRetryDelaysMs ? { retryDelaysMs: context.zoomRetryDelaysMs } : {}),
      onReconnectNeeded: (connectionId) =>
        recordSyncFailure(
          { db: context.db, publicUrl: context.publicUrl, now: context.clock() },
          connectionId,
          "RECONNECT_NEEDED",
        ),
    },
    eventId,
  );
}

function microsoftContext(context: CalendarWriteContext): MicrosoftContext {
  return {
    microsoft: context.microsoft ?? null,
    db: context.db,
    encryptionKey: context.encryptionKey,
    clock: context.clock,
    ...(context.microsoftRetryDelaysMs ? { retryDelaysMs: context.microsoftRetryDelaysMs } : {}),
  };
}

function googleContext(context: CalendarWriteContext): GoogleContext {
  return {
    google: context.google ?? null,
    db: context.db,
    encryptionKey: context.encryptionKey,
    clock: context.clock,
    ...(context.googleRetryDelaysMs ? { retryDelaysMs: context.googleRetryDelaysMs } : {}),
  };
}

const BATCH = 20;
const LEASE_MS = 120_000;

const RETRY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 15,
  // A server that failed may answer later; anything else (a bug, a bad row) will not change.
  permanent: (error) => !(error instanceof CalendarSourceError),
};

/** The outbox's calendar jobs, claimed like mail and done one at a time. */
export function calendarWriteWork(
  context: CalendarWriteContext,
): ClaimRunMark<OutboxJob<CalendarJob>, void> {
  const { db } = context;
  return outboxWork({
    db,
    clock: context.clock,
    log: context.log,
    batch: BATCH,
    concurrency: 1,
    leaseMs: LEASE_MS,
    claim: (limit, now, leasedUntil) => claimOutbox(db, "calendar", limit, now, leasedUntil),
    run: (row) => applyCalendarJob(context, row.payload),
    marking: { retry: RETRY, notDone: "calendar event not written" },
    about: (row) => ({ eventId: row.payload.eventId }),
    lost: "calendar write lost",
  });
}

/**
 * Carries out the outbox's due calendar jobs: claimed with FOR UPDATE SKIP LOCKED and leased
 * like mail; a server that cannot be reached is tried again with backoff, until the job goes
 * dead. Resolves with how many jobs were done.
 */
export function writeDueCalendarEvents(
  context: CalendarWriteContext,
  signal?: AbortSignal,
): Promise<number> {
  return claimRunMark(calendarWriteWork(context), signal);
}

/**
 * Makes one host's calendar agree with one meeting as it is now: a confirmed meeting the host
 * takes part in is written into their write calendar (created, or replaced where it was written
 * before, ETag-checked), anything else (cancelled, moved away, the host reassigned) removes the
 * entry written before. A job older than the meeting's latest change does nothing: the newer
 * job follows it. Throws CalendarSourceError when the server fails.
 */
export async function applyCalendarJob(
  context: CalendarWriteContext,
  job: CalendarJob,
): Promise<void> {
  const { db } = context;
  const [host] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${job.hostEmail})`);
  if (host === undefined) return;
  const [event] = await db
    .select({ status: events.status, sequence: events.sequence })
    .from(events)
    .where(eq(events.id, job.eventId));
  const [hosting] = await db
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(and(eq(eventHosts.eventId, job.eventId), eq(eventHosts.userId, host.id)));
  const [written] = await db
    .select({
      href: calendarWrites.href,
      etag: calendarWrites.etag,
      calendarId: calendarWrites.calendarId,
      connection: calendarConnections,
    })
    .from(calendarWrites)
    .innerJoin(connectedCalendars, eq(connectedCalendars.id, calendarWrites.calendarId))
    .innerJoin(calendarConnections, eq(calendarConnections.id, connectedCalendars.connectionId))
    .where(and(eq(calendarWrites.eventId, job.eventId), eq(calendarWrites.userId, host.id)));
  const active =
    job.data !== null &&
    event !== undefined &&
    event.status === "CONFIRMED" &&
    hosting !== undefined;
  if (event !== undefined && job.data !== null && job.data.sequence < event.sequence && active) {
    return;
  }
  // The Zoom meeting is the booking's, not this host's calendar's: made, moved or deleted first,
  // so its link goes into the calendar event and the mails waiting for it.
  const zoomLink = await zoomMeeting(context, job.eventId);
  if (zoomLink !== null) {
    await storeMeetingLink(db, job.eventId, ZOOM_MEETING_LOCATION, zoomLink);
  }
  const forget = () =>
    db
      .delete(calendarWrites)
      .where(and(eq(calendarWrites.eventId, job.eventId), eq(calendarWrites.userId, host.id)));
  const removeWritten = async () => {
    if (written === undefined) return;
    const source = connectionSource(
      written.connection,
      context.encryptionKey,
      context.allowPrivate,
      googleContext(context),
      microsoftContext(context),
    );
    await source.deleteEvent?.({ href: written.href, etag: written.etag });
    await forget();
  };
  if (!active) return removeWritten();

  const [target] = await db
    .select({ calendar: connectedCalendars, connection: calendarConnections })
    .from(connectedCalendars)
    .innerJoin(calendarConnections, eq(calendarConnections.id, connectedCalendars.connectionId))
    .where(
      and(
        eq(calendarConnections.userId, host.id),
        eq(connectedCalendars.writeTarget, true),
        inArray(calendarConnections.provider, ["CALDAV", "GOOGLE", "MICROSOFT"]),
      ),
    )
    .limit(1);
  if (target === undefined) return removeWritten();
  if (written !== undefined && written.calendarId !== target.calendar.id) await removeWritten();
  const existing: WrittenEvent | null =
    written !== undefined && written.calendarId === target.calendar.id
      ? { href: written.href, etag: written.etag }
      : null;
  const kind = job.data!.location?.type ?? "";
  const connected = isConnectedLocationType(kind) ? kind : null;
  const link = connected !== null ? await meetingLink(db, job.eventId) : null;
  // The job was written before the link was made: the calendar event carries it.
  const data =
    link !== null && job.data!.location
      ? { ...job.data!, location: { ...job.data!.location, value: link } }
      : job.data!;
  const meeting = {
    calendarId: target.calendar.url,
    eventId: job.eventId,
    data,
    language: job.language,
    publicUrl: context.publicUrl,
    existing,
    meetingLink: link,
  };
  const stored =
    target.connection.provider === "GOOGLE"
      ? await writeGoogleMeeting(googleContext(context), target.connection, meeting)
      : target.connection.provider === "MICROSOFT"
        ? await writeMicrosoftMeeting(microsoftContext(context), target.connection, meeting)
        : await connectionSource(target.connection, context.encryptionKey, context.allowPrivate)
            .writeEvent!(
            target.calendar.url,
            `${job.eventId}@slotted`,
            calendarObject({ ...job, data }, context.publicUrl),
            existing,
          );
  // The join link the provider made with the event (a Meet, a Teams meeting), if any.
  const made: string | null =
    "meetLink" in stored
      ? (stored.meetLink as string | null)
      : "joinUrl" in stored
        ? (stored.joinUrl as string | null)
        : null;
  let madeTheLink = false;
  if (made !== null && link === null && connected !== null) {
    // The first link a provider made is the meeting's (mails waiting for it go out with it).
    madeTheLink = (await storeMeetingLink(db, job.eventId, connected, made)) === made;
  }
  await db
    .insert(calendarWrites)
    .values({
      eventId: job.eventId,
      userId: host.id,
      calendarId: target.calendar.id,
      href: stored.href,
      etag: stored.etag,
    })
    .onConflictDoUpdate({
      target: [calendarWrites.eventId, calendarWrites.userId],
      set: { calendarId: target.calendar.id, href: stored.href, etag: stored.etag },
    });
  if (madeTheLink) {
    // The link lives with this host's event: it stays while they do (linkHolderLeft).
    await db
      .update(calendarWrites)
      .set({ carriesLink: sql`${calendarWrites.userId} = ${host.id}` })
      .where(eq(calendarWrites.eventId, job.eventId));
  }
}

/**
 * The meeting as a stored calendar object: no iTIP METHOD (RFC 4791 5.3.2), and attendees marked
 * SCHEDULE-AGENT=CLIENT so a server with scheduling (Nextcloud, iCloud) does not send the
 * invitee a second invitation: Slotted mails them itself.
 */
function calendarObject(job: CalendarJob, publicUrl: string): string {
  const data = job.data!;
  const t = translator(job.language, "mail");
  const manage = `${t("calendarEvent.manage")}: ${publicUrl}/dashboard/bookings`;
  const description = [data.description?.trim() || null, manage].filter(Boolean).join("\n\n");
  return meetingIcs({ ...data, description }, job.language, "PUBLISH")
    .replace(/^METHOD:.*\r\n/m, "")
    .replace(/^(ATTENDEE|ORGANIZER)([;:])/gm, "$1;SCHEDULE-AGENT=CLIENT$2");
}
