import { and, eq, sql } from "drizzle-orm";
import {
  CONNECTED_LOCATION_TYPES,
  type ConnectedLocationType,
  isConnectedLocationType,
} from "../../core/eventTypes/eventTypeSchema";
import type { Db, Tx } from "../db/database";
import {
  type CalendarProvider,
  calendarConnections,
  connectedCalendars,
  events,
} from "../db/schema";

/**
 * Meeting links made through the host's connected account (CONNECTED_LOCATION_TYPES): which
 * provider makes each, and where the link a provider gave is kept (the meeting's location
 * value, which the confirmation page, the mails and the ICS show).
 */
const PROVIDER_OF: Record<ConnectedLocationType, CalendarProvider> = {
  GOOGLE_MEET_CONNECTED: "GOOGLE",
  MICROSOFT_TEAMS_MEETING: "MICROSOFT",
  ZOOM_CONNECTED: "ZOOM",
};

export function connectedLocationProvider(type: ConnectedLocationType): CalendarProvider {
  return PROVIDER_OF[type];
}

/** The providers of the host's connections that have a calendar bookings are written into. */
export async function writableCalendarProviders(
  db: Db,
  userId: string,
): Promise<Set<CalendarProvider>> {
  const rows = await db
    .selectDistinct({ provider: calendarConnections.provider })
    .from(calendarConnections)
    .innerJoin(connectedCalendars, eq(connectedCalendars.connectionId, calendarConnections.id))
    .where(and(eq(calendarConnections.userId, userId), eq(connectedCalendars.writeTarget, true)));
  return new Set(rows.map((row) => row.provider));
}

/**
 * The providers that can make the host a meeting link: those with a calendar bookings are
 * written into (Meet, Teams), and Zoom when connected (it needs no calendar).
 */
export async function meetingLinkProviders(db: Db, userId: string): Promise<Set<CalendarProvider>> {
  const providers = await writableCalendarProviders(db, userId);
  const [zoom] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.provider, "ZOOM")))
    .limit(1);
  if (zoom !== undefined) providers.add("ZOOM");
  return providers;
}

/**
 * Keeps the join link a provider made for a meeting as its location's value, once: the first
 * link stored wins (a collective meeting written into several hosts' calendars shares the link
 * of the first), so a retried write never swaps the link the invitee was sent, and wakes the
 * mails that wait for it. Resolves with the meeting's link as stored.
 */
export async function storeMeetingLink(
  db: Db,
  eventId: string,
  type: ConnectedLocationType,
  link: string,
): Promise<string | null> {
  await db.execute(sql`
    update events
       set location = jsonb_build_object('type', ${type}::text, 'value', ${link}::text)
     where id = ${eventId}
       and location->>'type' = ${type}
       and coalesce(location->>'value', '') = ''`);
  // The meeting's mails put back to wait for the link (never claimed yet) are due again, which
  // wakes the mail worker (the outbox's notify trigger): they go out now, with it.
  await db.execute(sql`
    update outbox set next_attempt_at = created_at
     where kind = 'mail' and status = 'pending' and attempts = 0 and purpose is null
       and next_attempt_at > created_at
       and payload->'data'->>'uid' = ${`${eventId}@slotted`}`);
  return meetingLink(db, eventId);
}

/** The join link stored for a meeting with a connected location, null while it has none. */
export async function meetingLink(db: Db, eventId: string): Promise<string | null> {
  const [row] = await db
    .select({ location: events.location })
    .from(events)
    .where(eq(events.id, eventId));
  const location = row?.location;
  if (!location || !isConnectedLocationType(location.type)) return null;
  return location.value || null;
}

/**
 * The stored links of the meetings that `mails` tell of, put into those whose connected
 * location has none yet (written before the provider made the link) or another (a link made
 * again since, its meeting gone at the provider). Mutates and returns them.
 */
export async function fillMeetingLinks<
  M extends { data?: { uid?: string; location?: { type: string; value: string | null } | null } },
>(db: Db, mails: M[]): Promise<M[]> {
  for (const mail of mails) {
    const location = mail.data?.location;
    if (!location || !isConnectedLocationType(location.type)) continue;
    const eventId = mail.data?.uid?.split("@")[0];
    if (!eventId || !/^[0-9a-f-]{36}$/i.test(eventId)) continue;
    const link = await meetingLink(db, eventId);
    if (link !== null) location.value = link;
  }
  return mails;
}

/**
 * How long a mail about a meeting whose link is still being made (its calendar write pending)
 * waits for it before going out without it (the calendar event carries it then).
 */
export const LINK_WAIT_MS = 2 * 60_000;

/**
 * How long a mail waiting for its meeting's link is put back before it is looked at again (the
 * link's arrival brings it back at once: storeMeetingLink).
 */
export const LINK_RECHECK_MS = 5_000;

/**
 * SQL true for a mail outbox row `o` that should wait for its meeting's link: the mail is
 * younger than LINK_WAIT_MS, the meeting's calendar write is still pending, and either its
 * meeting has a connected location without a value in the mail and none is stored yet, or it
 * is a Zoom meeting that Zoom does not hold at the meeting's time yet (a move not yet patched,
 * which finds out whether the meeting was deleted at Zoom and must be made again, with a new
 * link). The claim evaluates it only for the rows it took, and only past the cheap tests; its
 * lookups are scalar subqueries, one index probe a row (the meeting and its Zoom meeting by
 * their keys, its pending calendar write by outbox_calendar_pending_event_idx): as EXISTS the
 * planner hashed the whole events table and every pending calendar row at each claim.
 */
export function mailAwaitsLinkSql(now: Date) {
  const since = new Date(now.getTime() - LINK_WAIT_MS);
  const types = sql.join(
    CONNECTED_LOCATION_TYPES.map((t) => sql`${t}::text`),
    sql`, `,
  );
  const eventId = sql`split_part(o.payload->'data'->>'uid', '@', 1)`;
  const uuid = sql`case when ${eventId} ~ '^[0-9a-fA-F-]{36}$' then ${eventId}::uuid end`;
  return sql`(o.payload->'data'->'location'->>'type' in (${types})
    and o.created_at > ${since}
    and ((coalesce(o.payload->'data'->'location'->>'value', '') = ''
          and (select coalesce(e.location->>'value', '') = '' from events e where e.id = ${uuid}))
      or (o.payload->'data'->'location'->>'type' = 'ZOOM_CONNECTED'
          and coalesce((select z.deleted_at is null and z.synced_start is distinct from e.start_at
                          from zoom_meetings z join events e on e.id = z.event_id
                         where z.event_id = ${uuid}), false)))
    and (select true from outbox c
          where c.kind = 'calendar' and c.status = 'pending' and c.payload->>'eventId' = ${eventId}
          limit 1) is not null)`;
}

/**
 * Whether a meeting's connected link was made through a host it no longer has, so it must be
 * made again through a current host's account: a Zoom link by the host whose Zoom connection
 * made it (when that connection is gone, the link stays: nothing could delete or replace the
 * meeting it leads to), a Meet or Teams link by the host whose calendar event made it (it goes
 * with that event; the other hosts' events only carry it), or, when which host's event made it
 * is not recorded (written before it was), when any host the meeting had before is gone.
 */
export async function linkHolderLeft(
  db: Db | Tx,
  eventId: string,
  type: ConnectedLocationType,
  hosts: { before: readonly string[]; after: readonly string[] },
): Promise<boolean> {
  if (type !== "ZOOM_CONNECTED") {
    const rows = await db.execute<{ user_id: string }>(sql`
      select user_id from calendar_writes where event_id = ${eventId} and carries_link`);
    const maker = rows.rows[0]?.user_id;
    if (maker !== undefined) return !hosts.after.includes(maker);
    return hosts.before.some((id) => !hosts.after.includes(id));
  }
  const rows = await db.execute<{ user_id: string }>(sql`
    select c.user_id from zoom_meetings z join calendar_connections c on c.id = z.connection_id
     where z.event_id = ${eventId}`);
  const holder = rows.rows[0]?.user_id;
  return holder !== undefined && !hosts.after.includes(holder);
}

/**
 * Takes a meeting's link off its location (the kind stays, as at booking time), so its mails
 * wait for the new link the calendar jobs make and storeMeetingLink keeps.
 */
export async function forgetMeetingLink(
  db: Db | Tx,
  eventId: string,
  type: ConnectedLocationType,
): Promise<void> {
  await db.update(events).set({ location: { type } }).where(eq(events.id, eventId));
}
