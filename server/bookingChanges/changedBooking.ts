import type { CreatedData, RescheduledBefore, RescheduledData } from "../booking/bookingChange";
import { loadSeries } from "../booking/seriesInvite";
import type { AttendeeRow, EventRow, HostUser } from "../data/bookings";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { BookingMailContext } from "../mail/bookingMails";
import type { MailSeries } from "../mail/mailTypes";
import type { ChangeContext } from "./changeContext";

/** One meeting a change concerns, read as it is now, with the attendee(s) it is about. */
export interface ChangedMeeting {
  event: EventRow;
  hosts: HostUser[];
  attendee: AttendeeRow;
}

/**
 * What `load` reads for this change, read once: the processors of one change each ask for the
 * same meetings, and they write only rows of their own (outbox, jobs), never the meetings, so
 * the first answer stays true for the rest of the derivation.
 */
const readOnce = new WeakMap<ChangeContext, Map<string, Promise<unknown>>>();
function once<T>(context: ChangeContext, key: string, load: () => Promise<T>): Promise<T> {
  const reads = readOnce.get(context) ?? new Map<string, Promise<unknown>>();
  readOnce.set(context, reads);
  const read = (reads.get(key) as Promise<T> | undefined) ?? load();
  reads.set(key, read);
  return read;
}

/** The meetings a created change wrote (one, or each occurrence of a series), as they are now. */
export function createdMeetings(context: ChangeContext): Promise<ChangedMeeting[]> {
  return once(context, "created", () => readCreatedMeetings(context));
}

async function readCreatedMeetings(context: ChangeContext): Promise<ChangedMeeting[]> {
  const { read, change } = context;
  const data = change.data as unknown as CreatedData;
  const written = data.occurrences ?? [
    { eventId: change.eventId, attendeeId: change.attendeeId!, hostIds: data.hostIds },
  ];
  const meetings: ChangedMeeting[] = [];
  for (const { eventId, attendeeId, hostIds } of written) {
    const event = await read.event(eventId);
    const attendee = await read.attendee(attendeeId);
    if (event === null || attendee === null) continue;
    meetings.push({ event, attendee, hosts: await read.users(hostIds) });
  }
  return meetings;
}

/** The changed meeting and its hosts as they are now; null when it is gone. */
export function changedEvent(
  context: ChangeContext,
): Promise<{ event: EventRow; hosts: HostUser[] } | null> {
  return once(context, "event", () => readChangedEvent(context));
}

async function readChangedEvent(
  context: ChangeContext,
): Promise<{ event: EventRow; hosts: HostUser[] } | null> {
  const event = await context.read.event(context.change.eventId);
  if (event === null) return null;
  return { event, hosts: await context.read.eventHosts(event.id) };
}

/** The attendees named, oldest first, in whatever status they now are. */
export async function attendeesNamed(
  context: ChangeContext,
  eventIds: readonly string[],
  ids: readonly string[],
): Promise<AttendeeRow[]> {
  const all: AttendeeRow[] = [];
  for (const eventId of eventIds) all.push(...(await context.read.attendeesOf(eventId)));
  return ids.map((id) => all.find((a) => a.id === id)).filter((a) => a !== undefined);
}

/** The series an event belongs to as its mails describe it, in `timeZone`; undefined: none. */
export async function seriesOf(
  context: ChangeContext,
  event: EventRow,
  timeZone: string,
): Promise<MailSeries | undefined> {
  return event.seriesId === null ? undefined : loadSeries(context.tx, event.seriesId, timeZone);
}

/** An event row as a change's jsonb keeps it (its instants as ISO strings), as a row again. */
export function eventRowOf(stored: Record<string, unknown>): EventRow {
  const instant = (value: unknown) => (value === null ? null : new Date(value as string));
  const row = stored as unknown as EventRow;
  return {
    ...row,
    startAt: instant(stored.startAt)!,
    endAt: instant(stored.endAt)!,
    createdAt: instant(stored.createdAt)!,
    cancelledAt: instant(stored.cancelledAt ?? null),
    recurrenceStartAt: instant(stored.recurrenceStartAt ?? null),
  };
}

/** A rescheduled change's meeting as it is now, as it was, and who moved and hosts it. */
export function movedMeeting(context: ChangeContext) {
  return once(context, "moved", () => readMovedMeeting(context));
}

async function readMovedMeeting(context: ChangeContext) {
  const data = context.change.data as unknown as RescheduledData;
  const before = context.change.before as unknown as RescheduledBefore;
  const moved = await context.read.event(context.change.eventId);
  if (moved === null) return null;
  const former = eventRowOf(before.event);
  return {
    data,
    moved,
    former,
    attendees: await attendeesNamed(context, [moved.id], data.attendeeIds),
    before: await context.read.users(before.hostIds),
    after: await context.read.users(data.hostIds),
  };
}

/**
 * What a changed meeting's mails (and its reminders) are written from: the meeting, its type and
 * hosts as they are now, the links' base and the change's time.
 */
export function mailContextOf(
  context: ChangeContext,
  type: EventTypeWithHosts,
  event: BookingMailContext["event"],
  hosts: readonly HostUser[],
): BookingMailContext {
  return { event, eventType: type, hosts, publicUrl: context.publicUrl, now: context.now };
}
