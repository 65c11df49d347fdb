import { isSlotAvailable } from "../../core/availability/isSlotAvailable";
import type { Slot } from "../../core/availability/types";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { instantToLocal } from "../../core/time/instantToLocal";
import type { Db, Tx } from "../db/database";
import { findNamedHost } from "./findNamedHost";
import { loadAvailabilityInput } from "./loadAvailabilityInput";
import type { PublicHost } from "./loadEventTypeHosts";
import type { EventTypeTarget } from "./loadEventTypeTarget";
import { offeredDuration } from "./offeredDuration";
import type { ResolvedEventType } from "./resolvePublicEventType";
import type { HostSelection } from "./selectHosts";

/** Who may take the slot and which existing booking is moving. */
export interface BookableSlotOptions {
  /** Pins a host (must be one of the event type's); default: the reference's pinned host. */
  hostSlug?: string;
  hostEmail?: string;
  /** A host rescheduling their part: only their availability counts. */
  onlyHost?: PublicHost;
  /** The event being rescheduled: its own busy time blocks nothing. */
  excludeEventId?: string | null;
  /** GROUP: the event an attendee is moving out of (one seat frees). */
  leavingEventId?: string | null;
  /** The invitee's zone, for the slot's localDate/localTime; default: the owner's. */
  timeZone?: string;
}

/**
 * Re-checks one requested start on the server, under the rules the timetable used: the slot (with
 * the hosts that could take it, ROUND_ROBIN by priority) or null when it is not bookable. Loads only
 * that day's data. Throws DomainError VALIDATION for a duration the event type does not offer or a
 * bad start, NOT_FOUND for a host_slug / host_email that names no host of the event type.
 */
export async function findBookableSlot(
  db: Db | Tx,
  eventType: EventTypeTarget & Partial<Pick<ResolvedEventType, "pinnedHost">>,
  start: Date | number,
  duration: number,
  now: Date,
  options: BookableSlotOptions = {},
): Promise<Slot | null> {
  const startMs = typeof start === "number" ? start : start.getTime();
  if (!Number.isFinite(startMs)) {
    throw new DomainError("VALIDATION", message("time.invalidStart"), {
      start: [message("time.expectedIsoInstant")],
    });
  }
  offeredDuration(eventType.eventType, duration);

  let selection: HostSelection = { mode: "all" };
  if (options.onlyHost !== undefined) {
    selection = { mode: "only", host: options.onlyHost };
  } else {
    const named = findNamedHost(eventType.hosts, options);
    if (named === undefined) {
      throw new DomainError("NOT_FOUND", message("booking.hostNotInEventType"));
    }
    const pinned = named ?? eventType.pinnedHost ?? null;
    if (pinned !== null) selection = { mode: "pin", hostId: pinned.id };
  }

  const timeZone = options.timeZone ?? eventType.timeZone;
  const date = instantToLocal(timeZone, startMs).date;
  const input = await loadAvailabilityInput(
    db,
    eventType,
    { startDate: date, endDate: date, timeZone },
    now,
    {
      duration,
      selection,
      excludeEventId: options.excludeEventId ?? null,
      leavingEventId: options.leavingEventId ?? null,
    },
  );
  return input === null ? null : isSlotAvailable(input, startMs);
}
