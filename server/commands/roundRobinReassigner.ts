import { eq, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import {
  type ConnectedLocationType,
  isConnectedLocationType,
} from "../../core/eventTypes/connectedLocationTypes";
import { message } from "../../core/messages";
import { MINUTE_MS } from "../../core/time/durations";
import { findBookableSlot } from "../availability/findBookableSlot";
import type { PublicHost } from "../availability/loadEventTypeHosts";
import type { ResolvedEvent } from "../availability/resolveEventReference";
import {
  type RescheduledBefore,
  type RescheduledData,
  recordChange,
} from "../booking/bookingChange";
import { busyRange, releaseHostTime, takeHostTime } from "../booking/bookSlot";
import {
  findMovingEvent,
  keptDuration,
  lockMovingEvent,
  type RescheduleContext,
  type RescheduledBooking,
} from "../booking/eventMove";
import { slotTaken } from "../booking/slotTaken";
import { connectedLocationProvider, meetingLinkProviders } from "../calendars/connectedLocations";
import { findAttendees, findEventHosts, findHostUsers } from "../data/bookings";
import { retryOnceOnConflict } from "../db/retryOnceOnConflict";
import { eventHosts, events } from "../db/schema";

/**
 * A host hands a round-robin event to another host of its event type who is free at its time
 * (their schedule, their other meetings, the event type's rules). Its change (reassigned) mails
 * the former host, the new one and the invitee, writes the reminders still to come again for the
 * new host, and announces a confirmed booking as `booking.reassigned` (its time is the same: a receiver that
 * syncs hosts' calendars needs the host change, which `booking.rescheduled` would hide among
 * moves). A meeting whose link is made through its host's account (Zoom, Google Meet, Teams)
 * goes only to a host who can make one (as the event type's location needs: Zoom connected, a
 * Google or Microsoft calendar bookings are written into); the change's calendar jobs then
 * delete the former host's meeting and make the new host's. Throws VALIDATION (not a host, not
 * round robin, same host, the new host cannot make the meeting's link),
 * SLOT_NOT_AVAILABLE_ANYMORE (the new host is not free), CONFLICT. `userId` is the host who
 * reassigns it, recorded as the change's actor.
 */
export async function roundRobinReassigner(
  context: RescheduleContext,
  userId: string,
  resolved: ResolvedEvent,
  newHost: PublicHost,
): Promise<RescheduledBooking> {
  const { db, now } = context;
  const { target } = resolved;
  const type = target.eventType;
  const event = await findMovingEvent(db, resolved.event.id);
  const before = await findEventHosts(db, event.id);
  if (before.some((h) => h.id === newHost.id)) {
    throw new DomainError("VALIDATION", message("booking.alreadyHosts"), {
      hostId: [message("booking.alreadyHosts")],
    });
  }
  await assertCanMakeLink(db, event.location?.type ?? null, newHost.id);
  const duration = Math.round((event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS);
  const slot = await findBookableSlot(db, target, event.startAt, keptDuration(event, type), now, {
    onlyHost: newHost,
    excludeEventId: event.id,
  });
  if (slot === null || duration <= 0) throw slotTaken();
  const [after] = await findHostUsers(db, [newHost.id]);

  return retryOnceOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockMovingEvent(tx, event);
      await releaseHostTime(tx, event.id);
      await tx.delete(eventHosts).where(eq(eventHosts.eventId, event.id));
      await takeHostTime(
        tx,
        event.id,
        { required: [newHost.id], choices: [] },
        busyRange(locked.startAt, locked.endAt, type),
      );
      const [moved] = await tx
        .update(events)
        .set({ sequence: sql`${events.sequence} + 1` })
        .where(eq(events.id, event.id))
        .returning();
      await recordChange(
        tx,
        {
          kind: "reassigned",
          eventId: event.id,
          actor: userId,
          before: {
            event: JSON.parse(JSON.stringify(locked)),
            hostIds: before.map((h) => h.id),
          } satisfies RescheduledBefore,
          data: {
            reason: "",
            attendeeIds: (await findAttendees(tx, event.id)).map((a) => a.id),
            hostIds: [newHost.id],
            intoAnotherEvent: false,
          } satisfies RescheduledData,
        },
        now,
      );
      return { event: moved!, hosts: [after!] };
    }),
  );
}

const CANNOT_MAKE: Record<
  ConnectedLocationType,
  "booking.newHostNeedsZoom" | "booking.newHostNeedsGoogle" | "booking.newHostNeedsMicrosoft"
> = {
  ZOOM_CONNECTED: "booking.newHostNeedsZoom",
  GOOGLE_MEET_CONNECTED: "booking.newHostNeedsGoogle",
  MICROSOFT_TEAMS_MEETING: "booking.newHostNeedsMicrosoft",
};

/** Refuses a new host who cannot make the meeting's connected link, before anything changes. */
async function assertCanMakeLink(
  db: RescheduleContext["db"],
  type: string | null,
  hostId: string,
): Promise<void> {
  if (type === null || !isConnectedLocationType(type)) return;
  const providers = await meetingLinkProviders(db, hostId);
  if (providers.has(connectedLocationProvider(type))) return;
  const refusal = message(CANNOT_MAKE[type]);
  throw new DomainError("VALIDATION", refusal, { hostId: [refusal] });
}
