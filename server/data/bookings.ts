import { and, asc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { runPrepared } from "./runPrepared";
import type { Db, Tx } from "../db/database";
import { attendees, eventHosts, events, eventTypes, teams, users } from "../db/schema";

export type EventRow = typeof events.$inferSelect;
export type AttendeeRow = typeof attendees.$inferSelect;

/** What mails and public views need of a host. */
export interface HostUser {
  id: string;
  name: string;
  email: string;
  username: string;
  timeZone: string;
  timeFormat: number;
  language: string;
  avatarUploadId: string | null;
}

const hostColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  timeZone: users.timeZone,
  timeFormat: users.timeFormat,
  language: users.language,
  avatarUploadId: users.avatarUploadId,
};

/** The users `ids`, in the order of `ids` (a prepared statement: every booking asks). */
export async function findHostUsers(db: Db | Tx, ids: readonly string[]): Promise<HostUser[]> {
  if (ids.length === 0) return [];
  const rows = await runPrepared<HostUser>(
    db,
    "slotted_find_host_users",
    sql`select id, name, email, username, time_zone as "timeZone", time_format as "timeFormat",
      language, avatar_upload_id as "avatarUploadId"
      from users where id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

/** The hosts of an event, in a stable order. */
export function findEventHosts(db: Db | Tx, eventId: string): Promise<HostUser[]> {
  return db
    .select(hostColumns)
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * When each of `hostIds` was last booked for the event type (epoch ms of the newest active
 * event's creation), for the round-robin rule; hosts never booked are absent.
 */
export async function lastBookedAt(
  db: Db | Tx,
  eventTypeId: string,
  hostIds: readonly string[],
): Promise<Map<string, number>> {
  if (hostIds.length < 2) return new Map();
  const rows = await db
    .select({ hostId: eventHosts.userId, last: sql<Date | string>`max(${events.createdAt})` })
    .from(eventHosts)
    .innerJoin(events, eq(events.id, eventHosts.eventId))
    .where(
      and(
        eq(events.eventTypeId, eventTypeId),
        inArray(eventHosts.userId, [...hostIds]),
        ne(events.status, "CANCELLED"),
      ),
    )
    .groupBy(eventHosts.userId);
  return new Map(rows.map((row) => [row.hostId, new Date(row.last).getTime()]));
}

export async function findEvent(db: Db | Tx, eventId: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

/** The events `ids` that exist. */
export function findEvents(db: Db | Tx, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(events)
    .where(inArray(events.id, [...ids]));
}

/** Every attendee of the events `eventIds`, in any status, oldest first. */
export function findAttendeesOf(db: Db | Tx, eventIds: readonly string[]): Promise<AttendeeRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attendees)
    .where(inArray(attendees.eventId, [...eventIds]))
    .orderBy(asc(attendees.createdAt), asc(attendees.id));
}

export async function findAttendee(db: Db | Tx, attendeeId: string): Promise<AttendeeRow | null> {
  const [row] = await db.select().from(attendees).where(eq(attendees.id, attendeeId)).limit(1);
  return row ?? null;
}

/** The attendees of an event, oldest first; only confirmed ones unless `all`. */
export function findAttendees(db: Db | Tx, eventId: string, all = false): Promise<AttendeeRow[]> {
  return db
    .select()
    .from(attendees)
    .where(
      all
        ? eq(attendees.eventId, eventId)
        : and(eq(attendees.eventId, eventId), eq(attendees.status, "CONFIRMED")),
    )
    .orderBy(asc(attendees.createdAt), asc(attendees.id));
}

/** Whether `userId` hosts the event. */
export async function isEventHost(db: Db | Tx, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(and(eq(eventHosts.eventId, eventId), eq(eventHosts.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export interface BookingFilters {
  status?: "CONFIRMED" | "CANCELLED" | "PENDING_PAYMENT" | "PENDING_APPROVAL";
  /** Epoch ms bounds on the start, [from, to). */
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/**
 * The events `userId` hosts, by start, with their event type's title and slug. The frozen rows
 * that keep a rescheduled event's former time have no hosts, so they never show here.
 */
export function listHostEvents(db: Db, userId: string, filters: BookingFilters) {
  return db
    .select({ event: events, eventType: { id: eventTypes.id, title: eventTypes.title, slug: eventTypes.slug, kind: eventTypes.kind } })
    .from(eventHosts)
    .innerJoin(events, eq(events.id, eventHosts.eventId))
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(
      and(
        eq(eventHosts.userId, userId),
        filters.status ? eq(events.status, filters.status) : undefined,
        filters.from ? gte(events.startAt, filters.from) : undefined,
        filters.to ? lt(events.startAt, filters.to) : undefined,
      ),
    )
    .orderBy(asc(events.startAt), asc(events.id))
    .limit(filters.limit)
    .offset(filters.offset);
}

/** The attendees of several events at once, by event id. */
export async function attendeesOfEvents(
  db: Db,
  eventIds: readonly string[],
): Promise<Map<string, AttendeeRow[]>> {
  const byEvent = new Map<string, AttendeeRow[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(attendees)
    .where(inArray(attendees.eventId, [...eventIds]))
    .orderBy(asc(attendees.createdAt), asc(attendees.id));
  for (const row of rows) byEvent.get(row.eventId)?.push(row);
  return byEvent;
}

/** The hosts of several events at once, by event id, each event's in findEventHosts' order. */
export async function hostsOfEvents(
  db: Db | Tx,
  eventIds: readonly string[],
): Promise<Map<string, HostUser[]>> {
  const byEvent = new Map<string, HostUser[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({ eventId: eventHosts.eventId, ...hostColumns })
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .where(inArray(eventHosts.eventId, [...eventIds]))
    .orderBy(asc(users.name), asc(users.id));
  for (const { eventId, ...host } of rows) byEvent.get(eventId)?.push(host);
  return byEvent;
}

/** A public view of one event: the row, its event type, hosts, seats taken and former time. */
export async function findEventView(db: Db, eventId: string) {
  const [row] = await db
    .select({
      event: events,
      eventType: eventTypes,
      // Where the type is booked again: its owner's username or team slug.
      ownerSlug: sql<string | null>`coalesce(${users.username}, ${teams.slug})`,
    })
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .leftJoin(users, eq(users.id, eventTypes.userId))
    .leftJoin(teams, eq(teams.id, eventTypes.teamId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return null;
  const seriesId = row.event.seriesId;
  const [hosts, [seats], former, series] = await Promise.all([
    findEventHosts(db, eventId),
    db
      .select({ taken: sql<number>`count(*)::int` })
      .from(attendees)
      .where(and(eq(attendees.eventId, eventId), eq(attendees.status, "CONFIRMED"))),
    row.event.formerEventId ? findEvent(db, row.event.formerEventId) : Promise.resolve(null),
    seriesId === null
      ? Promise.resolve(null)
      : db
          .select({ id: events.id, startAt: events.startAt, endAt: events.endAt, status: events.status })
          .from(events)
          .where(eq(events.seriesId, seriesId))
          .orderBy(events.startAt),
  ]);
  return { ...row, hosts, seatsTaken: seats?.taken ?? 0, former, series };
}
export type EventView = NonNullable<Awaited<ReturnType<typeof findEventView>>>;

/**
 * The attendee of the series occurrence `eventId` who is the same invitee as `attendeeId` (same
 * series, same address); null when the event is no occurrence of that attendee's series.
 */
export async function findOccurrenceAttendee(
  db: Db | Tx,
  attendeeId: string,
  eventId: string,
): Promise<string | null> {
  const result = await db.execute<{ id: string }>(sql`
    select other.id from attendees mine
      join events my_event on my_event.id = mine.event_id
      join events occurrence on occurrence.series_id = my_event.series_id
      join attendees other on other.event_id = occurrence.id
        and lower(other.email) = lower(mine.email)
    where mine.id = ${attendeeId}::uuid and occurrence.id = ${eventId}::uuid
    limit 1`);
  return result.rows[0]?.id ?? null;
}
