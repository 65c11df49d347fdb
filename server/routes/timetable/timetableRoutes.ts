import { constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  timetableByEventQuery,
  timetableByHostEventQuery,
  timetableByLinkQuery,
  timetableBySharedLinkQuery,
  timetableQuery,
  timetableResponseSchema,
} from "../../../core/api/timetable";
import type { AvailabilityResult } from "../../../core/availability/types";
import { instantToLocal } from "../../../core/time/instantToLocal";
import { type BusyChanges, HostTimeCache } from "../../availability/hostTimeCache";
import type { AvailabilityOptions } from "../../availability/loadAvailabilityInput";
import type { EventTypeTarget } from "../../availability/loadEventTypeTarget";
import { loadOutOfOfficeNotices } from "../../availability/loadOutOfOfficeNotices";
import { loadTimetable, type Timetable } from "../../availability/loadTimetable";
import {
  loadTimetableStamp,
  readStampVersions,
  type StampLookup,
  type TimetableStamp,
} from "../../availability/loadTimetableStamp";
import { offeredDuration } from "../../availability/offeredDuration";
import { resolveEventReference } from "../../availability/resolveEventReference";
import {
  type PublicEventTypeRef,
  type ResolvedEventType,
  resolvePublicEventType,
} from "../../availability/resolvePublicEventType";
import { type CachedTimetable, TimetableCache } from "../../availability/timetableCache";
import { WeightedLru } from "../../availability/weightedLru";
import type { Deps } from "../../deps";
import { errorResponses } from "../errorSchemas";
import { presentTimetable, timetableJson } from "./timetablePresenter";

// Answers of cached timetables, gzipped, by the timetable object the cache hands out.
const compressed = new WeakMap<object, Buffer>();

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "x-gzip") return false;
    return !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

/** The window parameters every timetable call shares, after validation. */
interface WindowQuery {
  start: string;
  end: string;
  check_first_available: boolean;
  duration?: number | undefined;
  timezone?: string | undefined;
}

const MINUTE_MS = 60_000;
// Estimated heap of a resolved event type and of each host with their schedule; the budget keeps
// the resolved event types within about 4 MB (some 1,000 personal event types).
const TARGET_BYTES = 3_000;
const TARGET_HOST_BYTES = 1_000;
const TARGET_CACHE_BYTES = 4 * 1024 * 1024;

/** The spec's five public timetable calls; no authentication. */
export async function timetableRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["timetable"];
  const response = { 200: timetableResponseSchema, ...errorResponses };

  // Per process: the stamps make entries of other processes' writes unreachable.
  const cache = new TimetableCache();
  const hostTimeCache = new HostTimeCache(deps.database.query);
  // Resolved event types by their hosts' settings versions: a booking leaves them as they were.
  const targets = new WeightedLru<ResolvedEventType>(TARGET_CACHE_BYTES);

  async function resolveTarget(
    stamp: TimetableStamp | null,
    ref: PublicEventTypeRef,
    query: { host_slug?: string | undefined; host_email?: string | undefined },
  ): Promise<ResolvedEventType> {
    const key =
      stamp === null
        ? null
        : JSON.stringify([stamp.eventTypeId, stamp.settings, query.host_slug, query.host_email]);
    const cached = key === null ? undefined : targets.get(key);
    if (cached !== undefined) return cached;
    const target = await resolvePublicEventType(db, ref);
    // A link changed between the two reads names another event type: not under this key.
    if (key !== null && target.eventType.id === stamp!.eventTypeId) {
      targets.set(key, target, TARGET_BYTES + target.hosts.length * TARGET_HOST_BYTES);
    }
    return target;
  }

  async function computeTimetable(
    target: EventTypeTarget,
    query: WindowQuery,
    options: Omit<AvailabilityOptions, "duration"> & {
      defaultDuration?: number;
      previous?: AvailabilityResult;
    },
    now: Date,
  ): Promise<Timetable> {
    const { defaultDuration, ...rest } = options;
    const duration = offeredDuration(target.eventType, query.duration, defaultDuration);
    return loadTimetable(
      db,
      target,
      {
        ...rest,
        duration,
        window: {
          startDate: query.start,
          endDate: query.end,
          timeZone: query.timezone ?? target.timeZone,
        },
        checkFirstAvailable: query.check_first_available,
      },
      now,
    );
  }

  async function present(
    target: EventTypeTarget,
    timetable: Timetable,
    query: WindowQuery,
    formerTime: Date | null,
  ) {
    const away = timetable.hostsAway
      ? await loadOutOfOfficeNotices(db, target, {
          startDate: query.start,
          endDate: query.end,
          timeZone: query.timezone ?? target.timeZone,
        })
      : [];
    const presented = presentTimetable(timetable, {
      formerTime,
      withSeats: target.eventType.kind === "GROUP",
    });
    if (away.length === 0) return presented;
    return {
      ...presented,
      outOfOffice: away.map(({ colleague, ...period }) => ({
        ...period,
        // Moving a booking stays with its host: only a new booking is pointed to a colleague.
        colleague:
          colleague === null || formerTime !== null
            ? null
            : {
                name: colleague.name,
                url: `${deps.config.publicUrl}/${encodeURIComponent(colleague.username)}`,
              },
      })),
    };
  }

  async function timetableOf(
    target: EventTypeTarget,
    query: WindowQuery,
    options: Omit<AvailabilityOptions, "duration"> & { defaultDuration?: number },
    formerTime: Date | null,
  ) {
    const timetable = await computeTimetable(target, query, options, deps.clock());
    return present(target, timetable, query, formerTime);
  }

  /**
   * A new booking's timetable through the cache: one light query for the stamp, then the
   * computation only when the hosts' busy time (or the clock's date) moved since. A miss resolves
   * the reference in full, so unknown links and hosts fail as without a cache.
   */
  async function cachedTimetableOf(
    request: FastifyRequest,
    reply: FastifyReply,
    ref: PublicEventTypeRef,
    lookup: StampLookup | null,
    query: WindowQuery & { host_slug?: string | undefined; host_email?: string | undefined },
  ) {
    const now = deps.clock();
    const key =
      lookup === null
        ? null
        : JSON.stringify([
            lookup,
            query.host_slug,
            query.host_email,
            query.start,
            query.end,
            query.timezone,
            query.duration,
            query.check_first_available,
          ]);
    // What the previous answer was computed from: the stamp brings what changed since.
    const held = key === null ? null : cache.held(key);
    const stamp =
      lookup === null
        ? null
        : await loadTimetableStamp(
            deps.database.query,
            lookup,
            now,
            held === null
              ? undefined
              : {
                  stamp: held.stamp.version,
                  read: held.read,
                  known: hostTimeCache.held(held.read),
                },
          );
    // Without a stamp (the link named nothing a moment ago) nothing is cached.
    const cached = key === null || stamp === null ? null : { key, stamp };
    let found = cached && cache.get(cached.key, cached.stamp, now);
    if (found === null) {
      const target = await resolveTarget(stamp, ref, query);
      // Only the dates the busy time changed since the previous entry reaches are computed again.
      const changes: BusyChanges = { all: false, spans: [] };
      const previous = cached && cache.previous(cached.key, cached.stamp.settings, now);
      const timetable = await computeTimetable(
        target,
        query,
        {
          selection: pinned(target),
          ...(stamp
            ? {
                hostTimeCache: {
                  cache: hostTimeCache,
                  versions: stamp.hostVersions,
                  changes,
                  since: previous ? readStampVersions(previous.version).hostVersions : undefined,
                  prefetched: stamp.prefetched,
                },
              }
            : {}),
          ...(previous ? { previous: { days: previous.days, lastDate: previous.lastDate } } : {}),
        },
        now,
      );
      // Notices are read fresh: their notes and colleagues are not part of the stamp.
      const stored =
        cached &&
        cache.set(
          cached.key,
          cached.stamp,
          cacheEntry(cached.stamp, target, timetable, query, now, changes),
        );
      if (timetable.hostsAway) return present(target, timetable, query, null);
      found = stored ?? { timetable, withSeats: target.eventType.kind === "GROUP" };
    } else if (found.timetable.hostsAway) {
      const target = await resolveTarget(stamp, ref, query);
      return present(target, found.timetable, query, null);
    }
    const { timetable, withSeats } = found;
    reply.type("application/json; charset=utf-8");
    if (!acceptsGzip(request.headers["accept-encoding"])) {
      return reply.send(timetableJson(timetable, { withSeats }));
    }
    // A cache hit hands out the stored timetable itself: its answer is compressed once.
    let gzipped = compressed.get(timetable);
    if (gzipped === undefined) {
      // The fastest level: a month's answer (about 17 kB) compresses in a quarter of the default's
      // time to some 300 bytes more, and a cold answer waits for it.
      gzipped = gzipSync(timetableJson(timetable, { withSeats }), {
        level: constants.Z_BEST_SPEED,
      });
      compressed.set(timetable, gzipped);
    }
    return reply.header("content-encoding", "gzip").header("vary", "accept-encoding").send(gzipped);
  }

  /** What the cache keeps of a timetable computed for a new booking at `now`. */
  const cacheEntry = (
    stamp: TimetableStamp,
    target: ResolvedEventType,
    timetable: Timetable,
    query: WindowQuery,
    now: Date,
    changes: BusyChanges,
  ): CachedTimetable => ({
    timetable,
    withSeats: target.eventType.kind === "GROUP",
    checkFirstAvailable: query.check_first_available,
    ownerZone: target.timeZone,
    ownerToday: instantToLocal(target.timeZone, now.getTime()).date,
    minimumNotice: target.eventType.minimumNotice,
    endDate: query.end,
    settings: stamp.settings,
    read: changes.read,
  });

  const pinned = (target: ResolvedEventType): AvailabilityOptions["selection"] =>
    target.pinnedHost === null ? { mode: "all" } : { mode: "pin", hostId: target.pinnedHost.id };

  app.get(
    "/timetable",
    {
      schema: {
        tags,
        summary: "Bookable times of a host's event type (ONE_ON_ONE, GROUP) by username and slug",
        querystring: timetableQuery,
        response,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ref = {
        userLink: query.userLink,
        eventTypeLink: query.eventTypeLink,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      };
      const username = query.userLink.trim().toLowerCase();
      const slug = query.eventTypeLink.trim().toLowerCase();
      const lookup = username && slug ? { username, slug } : null;
      return cachedTimetableOf(request, reply, ref, lookup, query);
    },
  );

  app.get(
    "/timetable-by-link",
    {
      schema: {
        tags,
        summary: "Bookable times of the event type behind an unused single-use link",
        querystring: timetableByLinkQuery,
        response,
      },
    },
    async (request) => {
      const target = await resolvePublicEventType(db, { singleUseLink: request.query.link });
      return timetableOf(target, request.query, {}, null);
    },
  );

  app.get(
    "/timetable-by-shared-link",
    {
      schema: {
        tags,
        summary:
          "Bookable times of a team event type by shared link; host_slug or host_email pins a host",
        querystring: timetableBySharedLinkQuery,
        response,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ref = {
        sharedLink: query.sharedLink,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      };
      const sharedLink = query.sharedLink.trim();
      return cachedTimetableOf(request, reply, ref, sharedLink ? { sharedLink } : null, query);
    },
  );

  app.get(
    "/timetable-by-event",
    {
      schema: {
        tags,
        summary: "Times an attendee can move their booking to (eventUuid or attendeeUuid)",
        querystring: timetableByEventQuery,
        response,
      },
    },
    async (request) => {
      const query = request.query;
      const { event, attendee, target } = await resolveEventReference(db, {
        eventUuid: query.eventUuid,
        attendeeUuid: query.attendeeUuid,
      });
      // One attendee of a GROUP event frees their seat; anyone else moves the whole meeting.
      const seatOnly = attendee !== null && target.eventType.kind === "GROUP";
      return timetableOf(
        target,
        query,
        {
          excludeEventId: seatOnly ? null : event.id,
          leavingEventId: seatOnly ? event.id : null,
          defaultDuration: (event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS,
        },
        event.startAt,
      );
    },
  );

  app.get(
    "/timetable-by-host-event",
    {
      schema: {
        tags,
        summary: "Times one host of an event can move their part to (their availability alone)",
        querystring: timetableByHostEventQuery,
        response,
      },
    },
    async (request) => {
      const query = request.query;
      const { event, target, eventHost } = await resolveEventReference(db, {
        eventUuid: query.eventUuid,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      });
      return timetableOf(
        target,
        query,
        {
          selection: { mode: "only", host: eventHost! },
          excludeEventId: event.id,
          defaultDuration: (event.endAt.getTime() - event.startAt.getTime()) / MINUTE_MS,
        },
        event.startAt,
      );
    },
  );
}
