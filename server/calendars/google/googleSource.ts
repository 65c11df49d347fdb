import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { GoogleConfig } from "../../config";
import type { Db } from "../../db/database";
import {
  type calendarConnections,
  calendarWrites,
  connectedCalendars,
  events,
} from "../../db/schema";
import { translator } from "../../i18n/serverI18n";
import type { BookingMailData } from "../../mail/mailTypes";
import type { BusyInterval } from "../busyInterval";
import type { ReadBudget } from "../busyLimits";
import {
  type CalendarSource,
  CalendarSourceError,
  type DiscoveredCalendar,
  type WrittenEvent,
} from "../calendarSource";
import { OAuthTokenKeeper, saveConnectionSecret } from "../oauth/oauthHttp";
import { googleApi, refreshGoogleTokens } from "./googleClient";

/** What a Google connection needs beyond its row: the app, the database (tokens), the clock. */
export interface GoogleContext {
  google: GoogleConfig | null;
  db: Db;
  encryptionKey: Buffer;
  clock: () => Date;
  /** Google API retry waits (tests: none). */
  retryDelaysMs?: readonly number[];
}

/** What a Google connection's calls read of its row. */
type ConnectionRow = Pick<typeof calendarConnections.$inferSelect, "id" | "userId" | "secret">;

export { REFRESH_MARGIN_MS } from "../oauth/oauthHttp";
/** The longest span one freeBusy.query may ask for (Google refuses longer ones). */
export const FREEBUSY_CHUNK_MS = 90 * 86_400_000;

/**
 * A Google connection's live access token (OAuthTokenKeeper): refreshed before it lapses and
 * sealed back onto the row; `invalid_grant` throws CalendarSourceError RECONNECT_NEEDED.
 */
export class GoogleTokenKeeper extends OAuthTokenKeeper {
  constructor(
    private readonly google: GoogleContext,
    connection: ConnectionRow,
  ) {
    super(
      google,
      connection.secret,
      connection.userId,
      (tokens, now) => refreshGoogleTokens(googleConfig(google), tokens, now),
      saveConnectionSecret(google.db, connection.id),
    );
  }

  get config(): GoogleConfig {
    return googleConfig(this.google);
  }

  /** A Calendar v3 call with a live token. */
  async call<T>(
    request: { method: string; path: string; body?: unknown; accept?: number[] },
    schema: z.ZodType<T>,
  ): Promise<{ status: number; body: T | null }> {
    const token = await this.accessToken();
    return googleApi(this.config, token, request, schema, this.google.retryDelaysMs);
  }
}

function googleConfig(context: GoogleContext): GoogleConfig {
  // The app was removed from the environment: nothing can be read until it is back.
  if (context.google === null) {
    throw new CalendarSourceError("RECONNECT_NEEDED", "google not set up");
  }
  return context.google;
}

const calendarListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        summary: z.string().optional(),
        summaryOverride: z.string().optional(),
        timeZone: z.string().optional(),
        accessRole: z.string(),
        primary: z.boolean().optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

const freeBusySchema = z.object({
  calendars: z.record(
    z.string(),
    z.object({
      busy: z.array(z.object({ start: z.string(), end: z.string() })).default([]),
      errors: z.array(z.object({ reason: z.string() })).optional(),
    }),
  ),
});

const eventSchema = z.object({
  id: z.string(),
  etag: z.string().optional(),
  hangoutLink: z.string().optional(),
  conferenceData: z
    .object({
      entryPoints: z.array(z.object({ entryPointType: z.string(), uri: z.string() })).optional(),
    })
    .optional(),
});

const enc = encodeURIComponent;

/** The Google event id of a Slotted meeting: its UUID's hex digits (base32hex, as Google asks). */
export function googleEventId(eventId: string): string {
  return `slotted${eventId.replaceAll("-", "").toLowerCase()}`;
}

/**
 * The calendars of a Google account and its free/busy time, as the CalendarSource the sync job
 * reads: `url` is the calendar's id. Busy time comes from freeBusy.query, in chunks of
 * FREEBUSY_CHUNK_MS: Google already leaves out free ("transparent") and declined events,
 * expands recurring series and places all-day events in the calendar's zone.
 */
export function googleSource(context: GoogleContext, connection: ConnectionRow): CalendarSource {
  const keeper = new GoogleTokenKeeper(context, connection);
  return {
    async discover(): Promise<DiscoveredCalendar[]> {
      const found: DiscoveredCalendar[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ minAccessRole: "freeBusyReader", maxResults: "250" });
        if (pageToken) query.set("pageToken", pageToken);
        const { body } = await keeper.call(
          { method: "GET", path: `/users/me/calendarList?${query}` },
          calendarListSchema,
        );
        for (const item of body?.items ?? []) {
          found[item.primary ? "unshift" : "push"]({
            url: item.id,
            name: item.summaryOverride ?? item.summary ?? item.id,
            timeZone: item.timeZone ?? null,
            readOnly: item.accessRole !== "owner",
          });
        }
        pageToken = body?.nextPageToken;
      } while (pageToken);
      // The primary calendar first: it is the one bookings are written into by default.
      return found;
    },

    async readBusy(
      calendar: { url: string },
      from: number,
      to: number,
      _fallbackZone: string,
      budget?: ReadBudget,
    ): Promise<BusyInterval[]> {
      const busy: BusyInterval[] = [];
      const own = await ownMeetings(context.db, connection.id, calendar.url);
      for (let start = from; start < to; start += FREEBUSY_CHUNK_MS) {
        const end = Math.min(start + FREEBUSY_CHUNK_MS, to);
        const { body } = await keeper.call(
          {
            method: "POST",
            path: "/freeBusy",
            body: {
              timeMin: new Date(start).toISOString(),
              timeMax: new Date(end).toISOString(),
              items: [{ id: calendar.url }],
            },
          },
          freeBusySchema,
        );
        const answer = body?.calendars[calendar.url];
        if (answer === undefined) throw new CalendarSourceError("INVALID_DATA", "no calendar");
        if (answer.errors?.some((e) => e.reason === "notFound")) {
          throw new CalendarSourceError("CALENDAR_GONE", calendar.url);
        }
        if (answer.errors && answer.errors.length > 0) {
          throw new CalendarSourceError("UNREACHABLE", answer.errors[0]!.reason);
        }
        for (const period of answer.busy) {
          const pieces = subtract(Date.parse(period.start), Date.parse(period.end), own);
          for (const [s, e] of pieces) busy.push({ uid: `google:${s}`, start: s, end: e });
          if (budget) {
            await budget.spend(1);
            if (busy.length >= budget.maxIntervals) {
              budget.truncated = true;
              return busy;
            }
          }
        }
      }
      return busy;
    },

    async deleteEvent(existing: WrittenEvent): Promise<void> {
      await keeper.call({ method: "DELETE", path: existing.href, accept: [404, 410] }, z.unknown());
    },
  };
}

/**
 * The times of the meetings Slotted wrote into this calendar: free/busy answers carry no event
 * ids, so these are cut out of them (their host_busy rows block them already, and a meeting
 * moved onto an overlapping time must not be blocked by itself).
 */
async function ownMeetings(
  db: Db,
  connectionId: string,
  calendarUrl: string,
): Promise<[number, number][]> {
  const rows = await db
    .select({ start: events.startAt, end: events.endAt })
    .from(calendarWrites)
    .innerJoin(connectedCalendars, eq(connectedCalendars.id, calendarWrites.calendarId))
    .innerJoin(events, eq(events.id, calendarWrites.eventId))
    .where(
      and(
        eq(connectedCalendars.connectionId, connectionId),
        eq(connectedCalendars.url, calendarUrl),
      ),
    );
  return rows
    .map((row): [number, number] => [row.start.getTime(), row.end.getTime()])
    .sort((a, b) => a[0] - b[0]);
}

/** [start, end) less the sorted intervals `cut`, as the pieces left. */
export function subtract(start: number, end: number, cut: [number, number][]): [number, number][] {
  const pieces: [number, number][] = [];
  let from = start;
  for (const [s, e] of cut) {
    if (e <= from || s >= end) continue;
    if (s > from) pieces.push([from, s]);
    from = Math.max(from, e);
  }
  if (from < end) pieces.push([from, end]);
  return pieces;
}

/** Where a Meet link is, when the event has one. */
function meetLink(event: z.infer<typeof eventSchema>): string | null {
  const video = event.conferenceData?.entryPoints?.find((e) => e.entryPointType === "video");
  return video?.uri ?? event.hangoutLink ?? null;
}

/**
 * Writes one meeting into a Google calendar as an event whose id derives from the meeting's
 * (googleEventId), so a retried insert whose first answer was lost finds it (409) and patches
 * it instead of writing a second one. Attendees are listed with sendUpdates=none: Slotted mails
 * its own invitations. A GOOGLE_MEET_CONNECTED location without a link yet asks for a Meet
 * conference (conferenceData.createRequest with conferenceDataVersion=1); a patch keeps it.
 * Resolves with where the event lives and its Meet link.
 */
export async function writeGoogleMeeting(
  context: GoogleContext,
  connection: ConnectionRow,
  input: {
    calendarId: string;
    eventId: string;
    data: BookingMailData;
    language: string;
    publicUrl: string;
    existing: WrittenEvent | null;
    /** The join link the meeting already has (a connected location's), if any. */
    meetingLink?: string | null;
  },
): Promise<WrittenEvent & { meetLink: string | null }> {
  const keeper = new GoogleTokenKeeper(context, connection);
  const { data } = input;
  const t = translator(input.language, "mail");
  const manage = `${t("calendarEvent.manage")}: ${input.publicUrl}/dashboard/bookings`;
  const description = [data.description?.trim() || null, manage].filter(Boolean).join("\n\n");
  const id = googleEventId(input.eventId);
  // A Meet is made with the first write; a later write (a move, another host's calendar of a
  // collective meeting) carries the link the meeting has, or keeps the event's conference.
  const wantsMeet = data.location?.type === "GOOGLE_MEET_CONNECTED" && !input.meetingLink;
  const location = input.meetingLink ?? (data.location?.value || undefined);
  const event = {
    summary: data.title,
    description,
    status: "confirmed",
    start: { dateTime: data.start },
    end: { dateTime: data.end },
    ...(location ? { location } : {}),
    attendees: [
      { email: data.invitee.email, displayName: data.invitee.name },
      ...data.invitee.guests.map((email) => ({ email })),
    ],
    iCalUID: `${input.eventId}@slotted`,
    ...(wantsMeet
      ? {
          conferenceData: {
            createRequest: {
              requestId: `${input.eventId}-${data.sequence}`,
              conferenceSolutionKey: { type: "hangoutsMeet" },
            },
          },
        }
      : {}),
  };
  const calendarPath = `/calendars/${enc(input.calendarId)}/events`;
  const query = `?sendUpdates=none&conferenceDataVersion=${wantsMeet ? 1 : 0}`;
  const eventPath = `${calendarPath}/${enc(id)}`;
  const patch = async () => {
    const { status, body } = await keeper.call(
      { method: "PATCH", path: `${eventPath}${query}`, body: event, accept: [404, 410] },
      eventSchema,
    );
    return status === 404 || status === 410 ? null : body;
  };
  let written = input.existing !== null ? await patch() : null;
  if (written === null) {
    const { status, body } = await keeper.call(
      {
        method: "POST",
        path: `${calendarPath}${query}`,
        body: { ...event, id },
        accept: [409],
      },
      eventSchema,
    );
    // 409: this id is taken (an insert whose answer was lost, or a deleted event's id): patch it.
    written = status === 409 ? await patch() : body;
  }
  if (written === null) throw new CalendarSourceError("INVALID_DATA", "event not written");
  return { href: eventPath, etag: written.etag ?? null, meetLink: meetLink(written) };
}

const listSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        status: z.string().optional(),
        start: z
          .object({ dateTime: z.string().optional(), date: z.string().optional() })
          .optional(),
        end: z.object({ dateTime: z.string().optional(), date: z.string().optional() }).optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
  nextSyncToken: z.string().optional(),
});

/** An event of a Google calendar as events.list told of it: gone, or at a time. */
export interface GoogleEventChange {
  id: string;
  deleted: boolean;
  /** Epoch ms; null for an all-day event or one deleted. */
  start: number | null;
  end: number | null;
}

/**
 * What changed in a Google calendar since `syncToken` (events.list with it: only those events,
 * deleted ones as cancelled), or, without one, every event (a full read, deleted ones
 * included). Google answers 410 when a token has lapsed: the read starts over in full.
 * Resolves with the changes and the token to read from next time; throws CalendarSourceError
 * when Google fails (then nothing is concluded from it).
 */
export async function readGoogleChanges(
  context: GoogleContext,
  connection: ConnectionRow,
  calendarId: string,
  syncToken: string | null,
): Promise<{ changes: GoogleEventChange[]; syncToken: string | null; full: boolean }> {
  const keeper = new GoogleTokenKeeper(context, connection);
  const read = async (token: string | null) => {
    const changes: GoogleEventChange[] = [];
    let pageToken: string | undefined;
    let next: string | null = null;
    do {
      const query = new URLSearchParams({ maxResults: "2500", singleEvents: "false" });
      if (token !== null) query.set("syncToken", token);
      else query.set("showDeleted", "true");
      if (pageToken) query.set("pageToken", pageToken);
      const { status, body } = await keeper.call(
        {
          method: "GET",
          path: `/calendars/${enc(calendarId)}/events?${query}`,
          accept: token === null ? [] : [410],
        },
        listSchema,
      );
      if (status === 410) return null;
      for (const item of body?.items ?? []) {
        const deleted = item.status === "cancelled";
        const start = item.start?.dateTime ? Date.parse(item.start.dateTime) : null;
        const end = item.end?.dateTime ? Date.parse(item.end.dateTime) : null;
        changes.push({
          id: item.id,
          deleted,
          start: deleted ? null : start,
          end: deleted ? null : end,
        });
      }
      pageToken = body?.nextPageToken;
      next = body?.nextSyncToken ?? next;
    } while (pageToken);
    return { changes, syncToken: next };
  };
  if (syncToken !== null) {
    const incremental = await read(syncToken);
    if (incremental !== null) return { ...incremental, full: false };
  }
  const full = await read(null);
  return { changes: full?.changes ?? [], syncToken: full?.syncToken ?? null, full: true };
}

const OWN_EVENT_ID = /^slotted([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

/** The Slotted meeting id behind a Google event id written by googleEventId, or null. */
export function meetingIdOfGoogleEvent(id: string): string | null {
  const parts = OWN_EVENT_ID.exec(id);
  return parts === null ? null : parts.slice(1).join("-");
}
