import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  timetableByEventQuery,
  timetableByHostEventQuery,
  timetableByLinkQuery,
  timetableBySharedLinkQuery,
  timetableQuery,
  timetableResponseSchema,
} from "../../../core/api/timetable";
import type { AvailabilityOptions } from "../../availability/loadAvailabilityInput";
import type { EventTypeTarget } from "../../availability/loadEventTypeTarget";
import { loadOutOfOfficeNotices } from "../../availability/loadOutOfOfficeNotices";
import { loadTimetable } from "../../availability/loadTimetable";
import { offeredDuration } from "../../availability/offeredDuration";
import { resolveEventReference } from "../../availability/resolveEventReference";
import type { ResolvedEventType } from "../../availability/resolvePublicEventType";
import { resolvePublicEventType } from "../../availability/resolvePublicEventType";
import type { Deps } from "../../deps";
import { errorResponses } from "../errorSchemas";
import { presentTimetable } from "./timetablePresenter";

/** The window parameters every timetable call shares, after validation. */
interface WindowQuery {
  start: string;
  end: string;
  check_first_available: boolean;
  duration?: number | undefined;
  timezone?: string | undefined;
}

const MINUTE_MS = 60_000;

/** The spec's five public timetable calls; no authentication. */
export async function timetableRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["timetable"];
  const response = { 200: timetableResponseSchema, ...errorResponses };

  async function timetableOf(
    target: EventTypeTarget,
    query: WindowQuery,
    options: Omit<AvailabilityOptions, "duration"> & { defaultDuration?: number },
    formerTime: Date | null,
  ) {
    const { defaultDuration, ...rest } = options;
    const duration = offeredDuration(target.eventType, query.duration, defaultDuration);
    const window = {
      startDate: query.start,
      endDate: query.end,
      timeZone: query.timezone ?? target.timeZone,
    };
    const timetable = await loadTimetable(
      db,
      target,
      {
        ...rest,
        duration,
        window,
        checkFirstAvailable: query.check_first_available,
      },
      deps.clock(),
    );
    const away = timetable.hostsAway ? await loadOutOfOfficeNotices(db, target, window) : [];
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
    async (request) => {
      const query = request.query;
      const target = await resolvePublicEventType(db, {
        userLink: query.userLink,
        eventTypeLink: query.eventTypeLink,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      });
      return timetableOf(target, query, { selection: pinned(target) }, null);
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
    async (request) => {
      const query = request.query;
      const target = await resolvePublicEventType(db, {
        sharedLink: query.sharedLink,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      });
      return timetableOf(target, query, { selection: pinned(target) }, null);
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
