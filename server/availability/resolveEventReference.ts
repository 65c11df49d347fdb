import { eq, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { type Message, message } from "../../core/messages";
import type { Db, Tx } from "../db/database";
import { attendees, eventHosts, events, users } from "../db/schema";
import { findNamedHost } from "./findNamedHost";
import type { PublicHost } from "./loadEventTypeHosts";
import type { EventTypeTarget } from "./loadEventTypeTarget";
import { loadEventTypeTarget } from "./loadEventTypeTarget";
import { type ScheduleJson, scheduleFromJson, scheduleJsonSql } from "./loadHostSchedules";

/** How a reschedule names the meeting: the spec's eventUuid / attendeeUuid, and for a host's part the host. */
export interface EventRef {
  eventUuid?: string | undefined;
  attendeeUuid?: string | undefined;
  hostSlug?: string | undefined;
  hostEmail?: string | undefined;
}

/** A meeting being rescheduled, its event type (active or not) and, when named, one of its hosts. */
export interface ResolvedEvent {
  event: { id: string; status: string; startAt: Date; endAt: Date };
  /** The attendee named by attendeeUuid, else null. */
  attendee: { id: string } | null;
  target: EventTypeTarget;
  /** The host named by host_slug / host_email, checked to be a host of this event; else null. */
  eventHost: PublicHost | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (reason: Message) => new DomainError("NOT_FOUND", reason);

async function findEventHost(
  db: Db | Tx,
  eventId: string,
  target: EventTypeTarget,
  ref: EventRef,
): Promise<PublicHost> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      timeZone: users.timeZone,
      schedule: sql<string | null>`${scheduleJsonSql(
        sql`${users.id}`,
        sql`${target.eventType.scheduleId}::uuid`,
      )}::text`,
    })
    .from(eventHosts)
    .innerJoin(users, eq(users.id, eventHosts.userId))
    .where(eq(eventHosts.eventId, eventId));
  const named = findNamedHost(rows, ref);
  if (!named) throw notFound(message("booking.hostNotInEvent"));
  const { schedule, ...host } = named;
  return {
    ...host,
    priority: target.hosts.find((h) => h.id === host.id)?.priority ?? 0,
    schedule: scheduleFromJson(
      schedule === null ? null : (JSON.parse(schedule) as ScheduleJson),
      host.timeZone,
    ),
  };
}

/**
 * Resolves the meeting a reschedule names, with its event type's hosts and schedules. The event
 * type may since have been turned off: the meeting exists, so it can still move. Throws
 * DomainError NOT_FOUND for an unknown or malformed uuid, a cancelled event or attendee, an
 * attendee of another event than eventUuid, or a named host that is not a host of the event.
 */
export async function resolveEventReference(db: Db | Tx, ref: EventRef): Promise<ResolvedEvent> {
  let eventId = ref.eventUuid;
  let attendee: ResolvedEvent["attendee"] = null;
  if (ref.attendeeUuid !== undefined) {
    if (!UUID.test(ref.attendeeUuid)) throw notFound(message("booking.attendeeNotFound"));
    const [row] = await db
      .select({ id: attendees.id, eventId: attendees.eventId, status: attendees.status })
      .from(attendees)
      .where(eq(attendees.id, ref.attendeeUuid))
      .limit(1);
    if (!row) throw notFound(message("booking.attendeeNotFound"));
    if (row.status === "CANCELLED") throw notFound(message("booking.bookingCancelled"));
    if (eventId !== undefined && eventId.toLowerCase() !== row.eventId) {
      throw notFound(message("booking.attendeeNotInEvent"));
    }
    eventId = row.eventId;
    attendee = { id: row.id };
  }
  if (eventId === undefined || !UUID.test(eventId))
    throw notFound(message("booking.eventNotFound"));

  const [event] = await db
    .select({
      id: events.id,
      eventTypeId: events.eventTypeId,
      status: events.status,
      startAt: events.startAt,
      endAt: events.endAt,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) throw notFound(message("booking.eventNotFound"));
  if (event.status === "CANCELLED") throw notFound(message("booking.eventCancelled"));
  const target = await loadEventTypeTarget(db, { id: event.eventTypeId });
  if (target === null) throw notFound(message("booking.eventNotFound"));

  const named = ref.hostSlug !== undefined || ref.hostEmail !== undefined;
  const eventHost = named ? await findEventHost(db, event.id, target, ref) : null;
  if (eventHost === null && target.hosts.length === 0) {
    throw notFound(message("eventTypes.noHosts"));
  }
  const { eventTypeId: _eventTypeId, ...meeting } = event;
  return { event: meeting, attendee, target, eventHost };
}
