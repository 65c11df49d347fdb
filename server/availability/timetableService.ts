import type { Interval } from "../../core/availability/types";
import { MINUTE_MS } from "../../core/time/durations";
import { instantToLocal } from "../../core/time/instantToLocal";
import type { Database } from "../db/database";
import { HostTimeCache } from "./hostTimeCache";
import type { AvailabilityOptions } from "./loadAvailabilityInput";
import type { EventTypeTarget } from "./loadEventTypeTarget";
import { loadOutOfOfficeNotices, type OutOfOfficeNotice } from "./loadOutOfOfficeNotices";
import { loadTimetableAndChanges, type Timetable, type TimetableRequest } from "./loadTimetable";
import {
  loadTimetableStamp,
  readStampVersions,
  type StampLookup,
  type TimetableStamp,
} from "./loadTimetableStamp";
import { offeredDuration } from "./offeredDuration";
import { type EventRef, resolveEventReference } from "./resolveEventReference";
import {
  type PublicEventTypeRef,
  type ResolvedEventType,
  resolvePublicEventType,
} from "./resolvePublicEventType";
import { TimetableCache } from "./timetableCache";
import { WeightedLru } from "./weightedLru";

/** The invitee's window, as every timetable call names it. */
export interface TimetableWindow {
  /** yyyy-MM-dd, inclusive, in `timeZone`. */
  startDate: string;
  endDate: string;
  /** The invitee's zone; the owner's when not given. */
  timeZone?: string | undefined;
  /** Minutes; the event type's default (or the moved meeting's length) when not given. */
  duration?: number | undefined;
  /** When the window has no slot, search the 90 days after it for the first date with one. */
  checkFirstAvailable: boolean;
}

/** How an invitee names an event type for a new booking: by username and slug, or shared link. */
export type BookingLink = Exclude<PublicEventTypeRef, { singleUseLink: string }>;

/** A timetable as the service found it, for the route to present. */
export interface TimetableAnswer {
  timetable: Timetable;
  /** GROUP: slots show seats left. */
  withSeats: boolean;
  /** The start of the meeting being moved; null for a new booking. */
  formerTime: Date | null;
  /** Read fresh, and only when a host is away around the window (`timetable.hostsAway`). */
  outOfOffice: OutOfOfficeNotice[];
  /**
   * "hit": the cached timetable, unchanged since (the same object on every hit); "miss":
   * computed and cached; "uncached": a call the cache does not keep (a single-use link, a move).
   */
  cache: "hit" | "miss" | "uncached";
  /**
   * On a miss that found the request's previous timetable still valid in all but busy time: where
   * the hosts' busy time changed since ("all": anywhere, or not known); only the dates these
   * reach were computed again. Null otherwise (a hit, or computed whole).
   */
  changed: Interval[] | "all" | null;
}

// Estimated heap of a resolved event type and of each host with their schedule; the budget keeps
// the resolved event types within about 4 MB (some 1,000 personal event types).
const TARGET_BYTES = 3_000;
const TARGET_HOST_BYTES = 1_000;
const TARGET_CACHE_BYTES = 4 * 1024 * 1024;

/** Where the spec's username and slug, or shared link, lead in the stamp; null: to nothing. */
function stampLookup(link: BookingLink): StampLookup | null {
  if ("sharedLink" in link) {
    const sharedLink = link.sharedLink.trim();
    return sharedLink ? { sharedLink } : null;
  }
  const username = link.userLink.trim().toLowerCase();
  const slug = link.eventTypeLink.trim().toLowerCase();
  return username && slug ? { username, slug } : null;
}

const pinned = (target: ResolvedEventType): AvailabilityOptions["selection"] =>
  target.pinnedHost === null ? { mode: "all" } : { mode: "pin", hostId: target.pinnedHost.id };

/**
 * The timetables of the spec's five public calls. A new booking's (by username and slug, or by
 * shared link) goes through a per-process cache keyed by the request and its hosts' versions:
 * one light query for the stamp, then the computation only when something it depends on moved.
 * The versions are bumped by the database's own triggers (migrations 0020 and 0021) in the
 * transaction of every write that changes busy time or settings, whoever writes it, so nothing
 * calls this service to invalidate it; entries of other processes' writes become unreachable.
 * Throws DomainError NOT_FOUND for an unknown link or event, VALIDATION for a bad date or zone.
 */
export class TimetableService {
  readonly #database: Database;
  readonly #clock: () => Date;
  readonly #timetables = new TimetableCache();
  readonly #hostTime: HostTimeCache;
  // Resolved event types by their hosts' settings versions: a booking leaves them as they were.
  readonly #targets = new WeightedLru<ResolvedEventType>(TARGET_CACHE_BYTES);

  constructor(deps: { database: Database; clock: () => Date }) {
    this.#database = deps.database;
    this.#clock = deps.clock;
    this.#hostTime = new HostTimeCache(deps.database.query);
  }

  /**
   * A new booking's timetable through the cache. A miss resolves the link in full, so unknown
   * links and hosts fail as without a cache; only the dates the busy time changed since the
   * request's previous timetable can reach are computed again.
   */
  async forBooking(link: BookingLink, window: TimetableWindow): Promise<TimetableAnswer> {
    const now = this.#clock();
    const lookup = stampLookup(link);
    const key =
      lookup === null
        ? null
        : JSON.stringify([
            lookup,
            link.hostSlug,
            link.hostEmail,
            window.startDate,
            window.endDate,
            window.timeZone,
            window.duration,
            window.checkFirstAvailable,
          ]);
    // What the previous answer was computed from: the stamp brings what changed since.
    const held = key === null ? null : this.#timetables.held(key);
    const stamp =
      lookup === null
        ? null
        : await loadTimetableStamp(
            this.#database.query,
            lookup,
            now,
            held === null
              ? undefined
              : {
                  stamp: held.stamp.version,
                  read: held.read,
                  known: this.#hostTime.held(held.read),
                },
          );
    // Without a stamp (the link named nothing a moment ago) nothing is cached.
    const cached = key === null || stamp === null ? null : { key, stamp };
    const found = cached && this.#timetables.get(cached.key, cached.stamp, now);
    if (found !== null) {
      const target = found.timetable.hostsAway ? await this.#resolve(stamp, link) : null;
      return this.#answer(found.timetable, found.withSeats, target, window, null, "hit", null);
    }

    const target = await this.#resolve(stamp, link);
    const previous = cached && this.#timetables.previous(cached.key, cached.stamp.settings, now);
    const { timetable, changes } = await this.#compute(
      target,
      window,
      {
        selection: pinned(target),
        ...(stamp
          ? {
              hostTimeCache: {
                cache: this.#hostTime,
                versions: stamp.hostVersions,
                since: previous ? readStampVersions(previous.version).hostVersions : undefined,
                prefetched: stamp.prefetched,
              },
            }
          : {}),
        ...(previous ? { previous: { days: previous.days, lastDate: previous.lastDate } } : {}),
      },
      now,
    );
    const withSeats = target.eventType.kind === "GROUP";
    const stored =
      cached &&
      this.#timetables.set(cached.key, cached.stamp, {
        timetable,
        withSeats,
        checkFirstAvailable: window.checkFirstAvailable,
        ownerZone: target.timeZone,
        ownerToday: instantToLocal(target.timeZone, now.getTime()).date,
        minimumNotice: target.eventType.minimumNotice,
        endDate: window.endDate,
        settings: cached.stamp.settings,
        read: changes?.read,
      });
    const changed = previous && changes ? (changes.all ? "all" : changes.spans) : null;
    const shown = stored?.timetable ?? timetable;
    return this.#answer(shown, withSeats, target, window, null, "miss", changed);
  }

  /** The timetable of the event type behind an unused single-use link. */
  async forSingleUseLink(link: string, window: TimetableWindow): Promise<TimetableAnswer> {
    const target = await resolvePublicEventType(this.#database.db, { singleUseLink: link });
    return this.#uncached(target, window, {}, null);
  }

  /**
   * The times an attendee (or anyone holding the event's uuid) can move a booking to: one
   * attendee of a GROUP event frees their seat, anyone else moves the whole meeting.
   */
  async forMove(
    ref: Pick<EventRef, "eventUuid" | "attendeeUuid">,
    window: TimetableWindow,
  ): Promise<TimetableAnswer> {
    const { event, attendee, target } = await resolveEventReference(this.#database.db, {
      eventUuid: ref.eventUuid,
      attendeeUuid: ref.attendeeUuid,
    });
    const seatOnly = attendee !== null && target.eventType.kind === "GROUP";
    const options = {
      excludeEventId: seatOnly ? null : event.id,
      leavingEventId: seatOnly ? event.id : null,
      defaultDuration: (event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS,
    };
    return this.#uncached(target, window, options, event.startAt);
  }

  /** The times one host of an event can move their part to: their availability alone. */
  async forHostMove(
    ref: Pick<EventRef, "eventUuid" | "hostSlug" | "hostEmail">,
    window: TimetableWindow,
  ): Promise<TimetableAnswer> {
    const { event, target, eventHost } = await resolveEventReference(this.#database.db, {
      eventUuid: ref.eventUuid,
      hostSlug: ref.hostSlug,
      hostEmail: ref.hostEmail,
    });
    const options = {
      selection: { mode: "only" as const, host: eventHost! },
      excludeEventId: event.id,
      defaultDuration: (event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS,
    };
    return this.#uncached(target, window, options, event.startAt);
  }

  /** A link's event type and hosts, kept by the stamp's settings part (unchanged by bookings). */
  async #resolve(stamp: TimetableStamp | null, link: BookingLink): Promise<ResolvedEventType> {
    const key =
      stamp === null
        ? null
        : JSON.stringify([stamp.eventTypeId, stamp.settings, link.hostSlug, link.hostEmail]);
    const cached = key === null ? undefined : this.#targets.get(key);
    if (cached !== undefined) return cached;
    const target = await resolvePublicEventType(this.#database.db, link);
    // A link changed between the two reads names another event type: not under this key.
    if (key !== null && target.eventType.id === stamp!.eventTypeId) {
      this.#targets.set(key, target, TARGET_BYTES + target.hosts.length * TARGET_HOST_BYTES);
    }
    return target;
  }

  #compute(
    target: EventTypeTarget,
    window: TimetableWindow,
    options: Omit<TimetableRequest, "duration" | "window" | "checkFirstAvailable"> & {
      defaultDuration?: number;
    },
    now: Date,
  ) {
    const { defaultDuration, ...rest } = options;
    return loadTimetableAndChanges(
      this.#database.db,
      target,
      {
        ...rest,
        duration: offeredDuration(target.eventType, window.duration, defaultDuration),
        window: {
          startDate: window.startDate,
          endDate: window.endDate,
          timeZone: window.timeZone ?? target.timeZone,
        },
        checkFirstAvailable: window.checkFirstAvailable,
      },
      now,
    );
  }

  async #uncached(
    target: EventTypeTarget,
    window: TimetableWindow,
    options: Omit<AvailabilityOptions, "duration" | "hostTimeCache"> & { defaultDuration?: number },
    formerTime: Date | null,
  ): Promise<TimetableAnswer> {
    const { timetable } = await this.#compute(target, window, options, this.#clock());
    const withSeats = target.eventType.kind === "GROUP";
    return this.#answer(timetable, withSeats, target, window, formerTime, "uncached", null);
  }

  /** The answer, with the out-of-office notices read fresh when a host is away. */
  async #answer(
    timetable: Timetable,
    withSeats: boolean,
    target: EventTypeTarget | null,
    window: TimetableWindow,
    formerTime: Date | null,
    cache: TimetableAnswer["cache"],
    changed: TimetableAnswer["changed"],
  ): Promise<TimetableAnswer> {
    // Notes and colleagues are not part of the stamp: read at every request that shows them.
    const outOfOffice =
      timetable.hostsAway && target !== null
        ? await loadOutOfOfficeNotices(this.#database.db, target, {
            startDate: window.startDate,
            endDate: window.endDate,
            timeZone: window.timeZone ?? target.timeZone,
          })
        : [];
    return { timetable, withSeats, formerTime, outOfOffice, cache, changed };
  }
}
