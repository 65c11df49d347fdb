import type { BookingChangeRow } from "../booking/bookingChange";
import {
  type AttendeeRow,
  type EventRow,
  findAttendee,
  findAttendees,
  findAttendeesOf,
  findEvent,
  findEventHosts,
  findEvents,
  findHostUsers,
  type HostUser,
  hostsOfEvents,
} from "../data/bookings";
import { type EventTypeWithHosts, findEventType, findEventTypes } from "../data/eventTypes";
import { findActiveWorkflowsOf, findWorkflows, type WorkflowWithSteps } from "../data/workflows";
import type { Tx } from "../db/database";

/** What the processors read of the meetings a change concerns, as they are now. */
export interface MeetingReader {
  event(id: string): Promise<EventRow | null>;
  attendee(id: string): Promise<AttendeeRow | null>;
  /** Every attendee of the event, in any status, oldest first. */
  attendeesOf(eventId: string): Promise<AttendeeRow[]>;
  /** The event's hosts, by name. */
  eventHosts(eventId: string): Promise<HostUser[]>;
  /** The users `ids` that exist, in the order of `ids`. */
  users(ids: readonly string[]): Promise<HostUser[]>;
  eventType(id: string): Promise<EventTypeWithHosts | null>;
  /** The event type's active workflows, oldest first. */
  workflows(eventTypeId: string): Promise<WorkflowWithSteps[]>;
}

/** Reads each answer from the database when asked: a change derived on its own. */
export function databaseReader(tx: Tx): MeetingReader {
  return {
    event: (id) => findEvent(tx, id),
    attendee: (id) => findAttendee(tx, id),
    attendeesOf: (eventId) => findAttendees(tx, eventId, true),
    eventHosts: (eventId) => findEventHosts(tx, eventId),
    users: (ids) => findHostUsers(tx, ids),
    eventType: (id) => findEventType(tx, id),
    workflows: (eventTypeId) => findWorkflows(tx, eventTypeId, { activeOnly: true }),
  };
}

/** The meetings, people and event types a change names, by kind (see bookingChange.ts). */
function namedBy(change: BookingChangeRow): { eventIds: string[]; userIds: string[] } {
  const data = change.data as Record<string, unknown>;
  const before = (change.before ?? {}) as Record<string, unknown>;
  const occurrences = (data.occurrences ?? []) as { eventId: string; hostIds: string[] }[];
  const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
  return {
    eventIds: [change.eventId, ...occurrences.map((o) => o.eventId), ...list(data.eventIds)],
    userIds: [
      ...list(data.hostIds),
      ...occurrences.flatMap((o) => o.hostIds),
      ...list(before.hostIds),
    ],
  };
}

/**
 * Reads what a batch of changes names, all at once (a statement per table, whatever the batch's
 * size), and answers the processors from that; what it does not hold (a user named nowhere in
 * the changes) is read from the database. The processors write only rows of their own (outbox,
 * runs, refunds), never the meetings, so what is read at the batch's start stays true for it;
 * the one exception, a meeting link taken off a meeting (meetingLinkProcessor), changes the
 * meeting read here too.
 */
export async function batchReader(
  tx: Tx,
  changes: readonly BookingChangeRow[],
): Promise<MeetingReader> {
  const named = changes.map(namedBy);
  const eventIds = [...new Set(named.flatMap((n) => n.eventIds))];
  const events = await findEvents(tx, eventIds);
  const attendees = await findAttendeesOf(tx, eventIds);
  const hostsOf = await hostsOfEvents(tx, eventIds);
  const known = new Map<string, HostUser>();
  for (const hosts of hostsOf.values()) for (const host of hosts) known.set(host.id, host);
  const missing = [...new Set(named.flatMap((n) => n.userIds))].filter((id) => !known.has(id));
  for (const user of await findHostUsers(tx, missing)) known.set(user.id, user);
  const typeIds = [...new Set(events.map((event) => event.eventTypeId))];
  const types = new Map((await findEventTypes(tx, typeIds)).map((type) => [type.id, type]));
  const workflows = await findActiveWorkflowsOf(tx, typeIds);

  const eventById = new Map(events.map((event) => [event.id, event]));
  const attendeeById = new Map(attendees.map((attendee) => [attendee.id, attendee]));
  const fallback = databaseReader(tx);
  const read = eventIds.length > 0 ? new Set(eventIds) : new Set<string>();
  return {
    event: async (id) => (read.has(id) ? (eventById.get(id) ?? null) : fallback.event(id)),
    attendee: async (id) => attendeeById.get(id) ?? fallback.attendee(id),
    attendeesOf: async (eventId) =>
      read.has(eventId)
        ? attendees.filter((attendee) => attendee.eventId === eventId)
        : fallback.attendeesOf(eventId),
    eventHosts: async (eventId) => hostsOf.get(eventId) ?? fallback.eventHosts(eventId),
    users: async (ids) =>
      ids.every((id) => known.has(id)) ? ids.map((id) => known.get(id)!) : fallback.users(ids),
    eventType: async (id) =>
      typeIds.includes(id) ? (types.get(id) ?? null) : fallback.eventType(id),
    workflows: async (eventTypeId) => workflows.get(eventTypeId) ?? fallback.workflows(eventTypeId),
  };
}
