import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { ZoomConfig } from "../../config";
import type { Db } from "../../db/database";
import { calendarConnections, events, zoomMeetings } from "../../db/schema";
import { CalendarSourceError } from "../calendarSource";
import { forgetMeetingLink } from "../connectedLocations";
import {
  type ApiRequest,
  bearerApi,
  type KeeperContext,
  OAuthTokenKeeper,
  saveConnectionSecret,
} from "../oauth/oauthHttp";
import { refreshZoomTokens, revokeZoomToken, zoomEndpoints } from "./zoomClient";

/** What a Zoom connection needs beyond its row: the app, the database (tokens), the clock. */
export interface ZoomContext extends KeeperContext {
  zoom: ZoomConfig | null;
  /** Waits before retrying a 429 or 5xx within one call (tests: none). */
  retryDelaysMs?: readonly number[];
}

type ConnectionRow = Pick<typeof calendarConnections.$inferSelect, "id" | "userId" | "secret">;

/** The location kind whose meeting is a Zoom meeting made through the host's Zoom connection. */
export const ZOOM_MEETING_LOCATION = "ZOOM_CONNECTED";

function zoomConfig(context: ZoomContext): ZoomConfig {
  if (context.zoom === null) throw new CalendarSourceError("RECONNECT_NEEDED", "zoom not set up");
  return context.zoom;
}

/**
 * A Zoom connection's live access token (OAuthTokenKeeper: refreshed five minutes before the
 * hour Zoom gives it runs out, the rotated refresh token sealed back onto the row at once, as
 * the old one no longer works; `invalid_grant` throws RECONNECT_NEEDED), and API calls with it.
 */
export class ZoomTokenKeeper extends OAuthTokenKeeper {
  constructor(
    private readonly zoom: ZoomContext,
    connection: ConnectionRow,
  ) {
    super(
      zoom,
      connection.secret,
      connection.userId,
      (tokens, now) => refreshZoomTokens(zoomConfig(zoom), tokens, now),
      saveConnectionSecret(zoom.db, connection.id),
    );
  }

  /** A Zoom API call: `path` under ZOOM_API_URL; `retry: false` for a call never to repeat. */
  async call<T>(
    request: Omit<ApiRequest, "url"> & { path: string; retry?: boolean },
    schema: z.ZodType<T>,
  ): Promise<{ status: number; body: T | null }> {
    const url = `${zoomEndpoints(zoomConfig(this.zoom)).api}${request.path}`;
    const token = await this.accessToken();
    const delays = request.retry === false ? [] : this.zoom.retryDelaysMs;
    return bearerApi("zoom", token, { ...request, url }, schema, delays);
  }
}

const meetingId = z.union([z.number(), z.string()]).transform(String);
const meetingSchema = z.object({ id: meetingId, join_url: z.string() });
const listSchema = z.object({
  meetings: z.array(meetingSchema.extend({ agenda: z.string().optional() })),
  next_page_token: z.string().optional(),
});

/** How long one worker may hold a meeting's calls before another may take them over. */
const LEASE_MS = 120_000;
/** Zoom's longest agenda. */
const AGENDA_MAX = 2000;

/** The tag in a meeting's agenda that names its booking: how a lost create is found again. */
function marker(eventId: string): string {
  return `${eventId}@slotted`;
}

/** What Zoom should hold for the meeting: a scheduled meeting (type 2) at its time in UTC. */
function meetingBody(event: { id: string; title: string; startAt: Date; endAt: Date }) {
  return {
    topic: event.title.slice(0, 200),
    type: 2,
    start_time: `${event.startAt.toISOString().slice(0, 19)}Z`,
    duration: minutesOf(event),
    timezone: "UTC",
    agenda: `Slotted ${marker(event.id)}`.slice(0, AGENDA_MAX),
    settings: {
      join_before_host: false,
      waiting_room: true,
      approval_type: 2,
      meeting_authentication: false,
    },
  };
}

function minutesOf(event: { startAt: Date; endAt: Date }): number {
  return Math.max(1, Math.round((event.endAt.getTime() - event.startAt.getTime()) / 60_000));
}

/** The connection a new meeting is made through: a Zoom connection of one of its hosts. */
async function hostZoomConnection(db: Db, eventId: string) {
  const [row] = await db
    .select({ connection: calendarConnections })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.provider, "ZOOM"),
        sql`${calendarConnections.userId} in (select user_id from event_hosts where event_id = ${eventId})`,
      ),
    )
    .orderBy(calendarConnections.createdAt)
    .limit(1);
  return row?.connection;
}

/** Whether `userId` is one of the meeting's hosts now. */
async function hostsMeeting(db: Db, eventId: string, userId: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from event_hosts where event_id = ${eventId} and user_id = ${userId}`,
  );
  return rows.rows.length > 0;
}

/**
 * Makes Zoom agree with one meeting as it is now, whatever job asks: a confirmed meeting with a
 * ZOOM_CONNECTED location has one Zoom meeting (created through a host's Zoom connection, its
 * time and topic patched when they change), anything else (cancelled, another location) has
 * its Zoom meeting deleted. A meeting whose Zoom meeting was made through the Zoom of a host it
 * no longer has (reassigned, or a move gave it another host) has that one deleted through the
 * former host's grant and a new one made through a current host's Zoom (none when no current
 * host has Zoom): the host who runs it is the one who holds it. A create is recorded before it is sent and never repeated within a
 * call: when its answer was lost, the next attempt looks the meeting up by its agenda's tag and
 * keeps it, so no booking gets two. Resolves with the meeting's join link, or null. Throws
 * CalendarSourceError (429, 5xx, network: the outbox tries again with backoff; RECONNECT_NEEDED
 * after `onReconnectNeeded` recorded it).
 */
export async function applyZoomMeeting(
  context: ZoomContext & {
    onReconnectNeeded: (connectionId: string) => Promise<void>;
  },
  eventId: string,
): Promise<string | null> {
  const { db } = context;
  const now = context.clock();
  const [event] = await db
    .select({
      id: events.id,
      status: events.status,
      title: events.title,
      startAt: events.startAt,
      endAt: events.endAt,
      location: events.location,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const wanted =
    event !== undefined &&
    event.status === "CONFIRMED" &&
    event.location?.type === ZOOM_MEETING_LOCATION;
  const current = wanted ? await hostZoomConnection(db, eventId) : undefined;
  if (wanted) {
    const connection = current;
    if (connection !== undefined) {
      await db
        .insert(zoomMeetings)
        .values({ eventId, connectionId: connection.id, createdAt: now })
        .onConflictDoNothing();
    }
  }
  // One worker at a time calls Zoom for a meeting (a collective meeting has a job per host).
  const [row] = await db
    .update(zoomMeetings)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(zoomMeetings.eventId, eventId),
        or(isNull(zoomMeetings.leaseUntil), lt(zoomMeetings.leaseUntil, now)),
      ),
    )
    .returning();
  if (row === undefined) {
    const [held] = await db.select().from(zoomMeetings).where(eq(zoomMeetings.eventId, eventId));
    if (held === undefined) return null;
    throw new CalendarSourceError("UNREACHABLE", "zoom meeting being written elsewhere");
  }
  const update = (values: Partial<typeof zoomMeetings.$inferInsert>) =>
    db.update(zoomMeetings).set(values).where(eq(zoomMeetings.eventId, eventId));
  try {
    let meeting = row;
    let connection =
      row.connectionId === null
        ? undefined
        : (
            await db
              .select()
              .from(calendarConnections)
              .where(eq(calendarConnections.id, row.connectionId))
          )[0];
    // Its holder left the meeting, or an earlier hand-over found no host with Zoom.
    const handOverNeeded =
      wanted &&
      (connection !== undefined
        ? !(await hostsMeeting(db, eventId, connection.userId))
        : row.deletedAt !== null && row.meetingId === null && current !== undefined);
    if (handOverNeeded) {
      meeting = await handOver(context, row, connection, current, update, now);
      connection = current;
    }
    if (meeting.deletedAt !== null || connection === undefined) return meeting.joinUrl;
    const keeper = new ZoomTokenKeeper(context, connection);
    try {
      return await bringInLine(db, keeper, meeting, wanted ? event! : null, update, now);
    } catch (error) {
      if (error instanceof CalendarSourceError && error.reason === "RECONNECT_NEEDED") {
        await context.onReconnectNeeded(connection.id);
      }
      throw error;
    }
  } finally {
    await update({ leaseUntil: null });
  }
}

type MeetingRow = typeof zoomMeetings.$inferSelect;
type MeetingEvent = { id: string; title: string; startAt: Date; endAt: Date };
type Connection = typeof calendarConnections.$inferSelect;

/**
 * The meeting's Zoom meeting was made through a former host's Zoom: it is deleted through that
 * grant (a grant Zoom refuses is marked for reconnection and the meeting left there, as a
 * disconnected one's are), and the row starts over on `next`, the Zoom of a current host, for
 * a new meeting (or stays deleted when no current host has Zoom). The delete is recorded before
 * the row starts over, so a retry after a failure deletes (404: gone already) and never makes a
 * second meeting in the former host's Zoom.
 */
async function handOver(
  context: ZoomContext & { onReconnectNeeded: (connectionId: string) => Promise<void> },
  row: MeetingRow,
  former: Connection | undefined,
  next: Connection | undefined,
  update: (values: Partial<typeof zoomMeetings.$inferInsert>) => Promise<unknown>,
  now: Date,
): Promise<MeetingRow> {
  if (former !== undefined && row.deletedAt === null) {
    try {
      await bringInLine(context.db, new ZoomTokenKeeper(context, former), row, null, update, now);
    } catch (error) {
      if (!(error instanceof CalendarSourceError && error.reason === "RECONNECT_NEEDED")) {
        throw error;
      }
      await context.onReconnectNeeded(former.id);
    }
  }
  const fresh = {
    connectionId: next?.id ?? null,
    meetingId: null,
    joinUrl: null,
    createSentAt: null,
    syncedStart: null,
    syncedMinutes: null,
    syncedTopic: null,
    deletedAt: next === undefined ? now : null,
  };
  await update(fresh);
  return { ...row, ...fresh };
}

async function bringInLine(
  db: Db,
  keeper: ZoomTokenKeeper,
  row: MeetingRow,
  event: MeetingEvent | null,
  update: (values: Partial<typeof zoomMeetings.$inferInsert>) => Promise<unknown>,
  now: Date,
): Promise<string | null> {
  let id = row.meetingId;
  let joinUrl = row.joinUrl;
  if (id === null && row.createSentAt !== null) {
    // A create was sent before and its answer never stored: it may have made the meeting.
    const found = await findTagged(keeper, row.eventId);
    if (found !== null) {
      ({ id, joinUrl } = { id: found.id, joinUrl: found.join_url });
      await update({ meetingId: id, joinUrl });
    }
  }
  if (event === null) {
    if (id !== null) {
      await keeper.call(
        { method: "DELETE", path: `/meetings/${encodeURIComponent(id)}`, accept: [404] },
        z.unknown(),
      );
    }
    await update({ deletedAt: now });
    return null;
  }
  const body = meetingBody(event);
  if (id !== null && !synced(row, event, body)) {
    const { status } = await keeper.call(
      {
        method: "PATCH",
        path: `/meetings/${encodeURIComponent(id)}`,
        body: withoutAgenda(body),
        accept: [404],
      },
      z.unknown(),
    );
    if (status !== 404) {
      await update({
        syncedStart: event.startAt,
        syncedMinutes: body.duration,
        syncedTopic: body.topic,
      });
      return joinUrl;
    }
    // Deleted at Zoom (by the host, by hand): a new one is made. The former link is taken off
    // the booking first, so the new one is stored as the first is (storeMeetingLink), even when
    // the create's answer is lost and a retry finds the meeting by its tag; the mails about the
    // move wait for it meanwhile (mailAwaitsLinkSql) and go out with it (fillMeetingLinks).
    await forgetMeetingLink(db, event.id, ZOOM_MEETING_LOCATION);
    await update({ meetingId: null, joinUrl: null, createSentAt: null });
    return createMeeting(keeper, event, body, update, now);
  }
  if (id === null) return createMeeting(keeper, event, body, update, now);
  return joinUrl;
}

/** Whether Zoom holds the meeting as `body` says (its time, length and topic). */
function synced(row: MeetingRow, event: MeetingEvent, body: ReturnType<typeof meetingBody>) {
  return (
    row.syncedStart?.getTime() === event.startAt.getTime() &&
    row.syncedMinutes === body.duration &&
    row.syncedTopic === body.topic
  );
}

function withoutAgenda(body: ReturnType<typeof meetingBody>) {
  const { agenda: _agenda, ...changes } = body;
  return changes;
}

/**
 * Makes the meeting at Zoom, the create recorded before it is sent and never repeated within a
 * call (a lost answer is found again by its tag: findTagged). Resolves with its join link.
 */
async function createMeeting(
  keeper: ZoomTokenKeeper,
  event: MeetingEvent,
  body: ReturnType<typeof meetingBody>,
  update: (values: Partial<typeof zoomMeetings.$inferInsert>) => Promise<unknown>,
  now: Date,
): Promise<string> {
  await update({ createSentAt: now });
  const { body: made } = await keeper.call(
    { method: "POST", path: "/users/me/meetings", body, retry: false },
    meetingSchema,
  );
  if (made === null) throw new CalendarSourceError("INVALID_DATA", "zoom meeting not made");
  await update({
    meetingId: made.id,
    joinUrl: made.join_url,
    syncedStart: event.startAt,
    syncedMinutes: body.duration,
    syncedTopic: body.topic,
  });
  return made.join_url;
}

/** The host's Zoom meeting whose agenda carries the booking's tag, or null. */
async function findTagged(keeper: ZoomTokenKeeper, eventId: string) {
  const tag = marker(eventId);
  let token = "";
  for (let page = 0; page < 20; page++) {
    const query = new URLSearchParams({ type: "scheduled", page_size: "300" });
    if (token) query.set("next_page_token", token);
    const { status, body } = await keeper.call(
      // Without the list scope (403), nothing can be found: a new meeting is made.
      { method: "GET", path: `/users/me/meetings?${query}`, accept: [403] },
      listSchema,
    );
    if (status === 403 || body === null) return null;
    const found = body.meetings.find((meeting) => meeting.agenda?.includes(tag));
    if (found !== undefined) return found;
    if (!body.next_page_token) return null;
    token = body.next_page_token;
  }
  return null;
}

/**
 * After a Zoom connection was deleted: its grant is revoked at Zoom (POST /oauth/revoke with a
 * live access token), so Slotted keeps no access it no longer uses. Best effort: a failure is
 * ignored (the host can remove the app in Zoom's App Marketplace).
 */
export async function releaseZoomConnection(
  context: ZoomContext,
  connection: ConnectionRow,
): Promise<void> {
  try {
    const token = await new ZoomTokenKeeper(context, connection).accessToken();
    await revokeZoomToken(zoomConfig(context), token);
  } catch {
    // Nothing more to do: the connection is gone here either way.
  }
}
