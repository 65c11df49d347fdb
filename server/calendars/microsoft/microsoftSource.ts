import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { MicrosoftConfig } from "../../config";
import type { Db } from "../../db/database";
import { type calendarConnections, calendarWrites, connectedCalendars } from "../../db/schema";
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
import {
  type ApiRequest,
  bearerApi,
  OAuthTokenKeeper,
  saveConnectionSecret,
} from "../oauth/oauthHttp";
import { microsoftEndpoints, refreshMicrosoftTokens } from "./microsoftClient";
import { refreshMicrosoftCalendar } from "./microsoftDelta";

/** What a Microsoft connection needs beyond its row: the app, the database (tokens), the clock. */
export interface MicrosoftContext {
  microsoft: MicrosoftConfig | null;
  db: Db;
  encryptionKey: Buffer;
  clock: () => Date;
  /** Graph retry waits (tests: none). */
  retryDelaysMs?: readonly number[];
}

type ConnectionRow = Pick<typeof calendarConnections.$inferSelect, "id" | "userId" | "secret">;

function microsoftConfig(context: MicrosoftContext): MicrosoftConfig {
  if (context.microsoft === null) {
    throw new CalendarSourceError("RECONNECT_NEEDED", "microsoft not set up");
  }
  return context.microsoft;
}

/**
 * A Microsoft connection's live access token (OAuthTokenKeeper: refreshed five minutes before
 * the hour Microsoft gives it runs out, the rotated refresh token sealed back onto the row;
 * `invalid_grant` throws RECONNECT_NEEDED), and Graph calls made with it.
 */
export class MicrosoftTokenKeeper extends OAuthTokenKeeper {
  constructor(
    private readonly microsoft: MicrosoftContext,
    connection: ConnectionRow,
  ) {
    super(
      microsoft,
      connection.secret,
      connection.userId,
      (tokens, now) => refreshMicrosoftTokens(microsoftConfig(microsoft), tokens, now),
      saveConnectionSecret(microsoft.db, connection.id),
    );
  }

  /** A Graph call: `path` under /v1.0, or a full @odata.nextLink. */
  async call<T>(
    request: Omit<ApiRequest, "url"> & { path: string },
    schema: z.ZodType<T>,
  ): Promise<{ status: number; body: T | null }> {
    const graph = microsoftEndpoints(microsoftConfig(this.microsoft)).graph;
    const token = await this.accessToken();
    const url = /^https?:/.test(request.path) ? request.path : `${graph}${request.path}`;
    // A nextLink must stay on the configured Graph: a token is never sent elsewhere.
    if (!url.startsWith(`${graph}/`)) throw new CalendarSourceError("INVALID_DATA", "next link");
    return bearerApi("microsoft", token, { ...request, url }, schema, this.microsoft.retryDelaysMs);
  }
}

const calendarListSchema = z.object({
  value: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      canEdit: z.boolean().optional(),
      isDefaultCalendar: z.boolean().optional(),
      owner: z.object({ name: z.string().optional(), address: z.string().optional() }).optional(),
    }),
  ),
  "@odata.nextLink": z.string().optional(),
});

const eventSchema = z.object({
  id: z.string(),
  "@odata.etag": z.string().optional(),
  onlineMeeting: z.object({ joinUrl: z.string().optional() }).nullable().optional(),
});

const enc = encodeURIComponent;

/**
 * The calendars of a Microsoft 365 or Outlook.com account and their busy time, as the
 * CalendarSource the sync job reads: `url` is the calendar's Graph id. Busy time comes from
 * the calendar's events kept up to date by calendarView/delta (microsoftDelta.ts: occurrences
 * of recurring series, times in UTC, all-day events as days of the calendar's or host's zone,
 * free and cancelled events not blocking); the meetings Slotted wrote are left out (their
 * host_busy rows block them already).
 */
export function microsoftSource(
  context: MicrosoftContext,
  connection: ConnectionRow,
): CalendarSource {
  const keeper = new MicrosoftTokenKeeper(context, connection);
  return {
    async discover(): Promise<DiscoveredCalendar[]> {
      const found: (DiscoveredCalendar & { owner: string | null })[] = [];
      let next: string | undefined =
        "/me/calendars?$select=id,name,canEdit,isDefaultCalendar,owner&$top=100";
      while (next) {
        const body: z.infer<typeof calendarListSchema> | null = (
          await keeper.call({ method: "GET", path: next }, calendarListSchema)
        ).body;
        for (const item of body?.value ?? []) {
          found[item.isDefaultCalendar ? "unshift" : "push"]({
            url: item.id,
            name: item.name ?? item.id,
            timeZone: null,
            readOnly: item.canEdit === false,
            owner: item.owner?.address ?? null,
          });
        }
        next = body?.["@odata.nextLink"];
      }
      // The default calendar first: it is the one bookings are written into by default.
      return found;
    },

    async readBusy(
      calendar: { url: string; timeZone: string | null },
      from: number,
      to: number,
      fallbackZone: string,
      budget?: ReadBudget,
    ): Promise<BusyInterval[]> {
      const own = await ownEventIds(context.db, connection.id, calendar.url);
      const state = await refreshMicrosoftCalendar(
        context.db,
        keeper,
        { connectionId: connection.id, url: calendar.url },
        { from, to, zone: calendar.timeZone ?? fallbackZone },
      );
      const busy: BusyInterval[] = [];
      const kept = Object.entries(state.events)
        .filter(([id, [start, end, blocks]]) => blocks && !own.has(id) && start < to && end > from)
        .sort((a, b) => a[1][0] - b[1][0]);
      for (const [id, [start, end]] of kept) {
        busy.push({ uid: `microsoft:${id}`, start, end });
        if (budget) {
          await budget.spend(1);
          if (busy.length >= budget.maxIntervals) {
            budget.truncated = true;
            return busy;
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

/** The Graph ids of the meetings Slotted wrote into this calendar (calendar_writes hrefs). */
async function ownEventIds(
  db: Db,
  connectionId: string,
  calendarUrl: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ href: calendarWrites.href })
    .from(calendarWrites)
    .innerJoin(connectedCalendars, eq(connectedCalendars.id, calendarWrites.calendarId))
    .where(
      and(
        eq(connectedCalendars.connectionId, connectionId),
        eq(connectedCalendars.url, calendarUrl),
      ),
    );
  return new Set(rows.map((row) => decodeURIComponent(row.href.split("/").at(-1) ?? "")));
}

/** The location kind whose meeting is a Teams meeting made with the event. */
export const TEAMS_MEETING_LOCATION = "MICROSOFT_TEAMS_MEETING";

/** An instant as Graph's dateTimeTimeZone in UTC. */
function utc(iso: string) {
  return { dateTime: new Date(iso).toISOString().slice(0, 23), timeZone: "UTC" };
}

/**
 * Writes one meeting into a Microsoft calendar. The invitee is named in the event's text, not
 * listed as an attendee: Exchange mails every attendee of an event it stores (Graph has no
 * switch like Google's sendUpdates=none), and Slotted mails its own invitations. A new event
 * carries the meeting's id as its transactionId, so a retried create whose answer was lost
 * gets the event made the first time instead of a second one. A MICROSOFT_TEAMS_MEETING
 * location makes it a Teams meeting (isOnlineMeeting, teamsForBusiness). Resolves with where
 * the event lives and its Teams join link.
 */
export async function writeMicrosoftMeeting(
  context: MicrosoftContext,
  connection: ConnectionRow,
  input: {
    calendarId: string;
    eventId: string;
    data: BookingMailData;
    language: string;
    publicUrl: string;
    existing: WrittenEvent | null;
  },
): Promise<WrittenEvent & { joinUrl: string | null }> {
  const keeper = new MicrosoftTokenKeeper(context, connection);
  const { data } = input;
  const t = translator(input.language, "mail");
  const manage = `${t("calendarEvent.manage")}: ${input.publicUrl}/dashboard/bookings`;
  const invitee = [
    `${data.invitee.name} <${data.invitee.email}>`,
    ...data.invitee.guests,
    ...(data.invitee.phone ? [data.invitee.phone] : []),
  ].join("\n");
  const content = [data.description?.trim() || null, invitee, manage].filter(Boolean).join("\n\n");
  const wantsTeams = data.location?.type === TEAMS_MEETING_LOCATION;
  const location =
    data.location !== null && !wantsTeams && data.location.value ? data.location.value : null;
  const event = {
    subject: data.title,
    body: { contentType: "text", content },
    start: utc(data.start),
    end: utc(data.end),
    showAs: "busy",
    ...(location ? { location: { displayName: location } } : {}),
    ...(wantsTeams ? { isOnlineMeeting: true, onlineMeetingProvider: "teamsForBusiness" } : {}),
  };
  const select = "?$select=id,onlineMeeting";
  const patch = async (href: string) => {
    const { status, body } = await keeper.call(
      { method: "PATCH", path: `${href}${select}`, body: event, accept: [404, 410] },
      eventSchema,
    );
    return status === 404 || status === 410 ? null : body;
  };
  let written = input.existing !== null ? await patch(input.existing.href) : null;
  if (written === null) {
    const { body } = await keeper.call(
      {
        method: "POST",
        path: `/me/calendars/${enc(input.calendarId)}/events${select}`,
        body: { ...event, transactionId: input.eventId },
      },
      eventSchema,
    );
    written = body;
  }
  if (written === null) throw new CalendarSourceError("INVALID_DATA", "event not written");
  return {
    href: `/me/events/${enc(written.id)}`,
    etag: written["@odata.etag"] ?? null,
    joinUrl: wantsTeams ? (written.onlineMeeting?.joinUrl ?? null) : null,
  };
}
