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
import type {
  TimetableAnswer,
  TimetableService,
  TimetableWindow,
} from "../../availability/timetableService";
import type { Deps } from "../../deps";
import { errorResponses } from "../errorSchemas";
import { acceptsGzip, presentAnswer, timetableBody } from "./timetablePresenter";

/** The window parameters every timetable call shares, as the service takes them. */
const windowOf = (query: {
  start: string;
  end: string;
  check_first_available: boolean;
  duration?: number | undefined;
  timezone?: string | undefined;
}): TimetableWindow => ({
  startDate: query.start,
  endDate: query.end,
  timeZone: query.timezone,
  duration: query.duration,
  checkFirstAvailable: query.check_first_available,
});

/** The spec's five public timetable calls; no authentication. */
export async function timetableRoutes(
  base: FastifyInstance,
  { deps, timetables }: { deps: Deps; timetables: TimetableService },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["timetable"];
  const response = { 200: timetableResponseSchema, ...errorResponses };
  const present = (answer: TimetableAnswer) => presentAnswer(answer, deps.config.publicUrl);

  /** A new booking's timetable: as JSON text built from the cached days, unless hosts are away. */
  function send(request: FastifyRequest, reply: FastifyReply, answer: TimetableAnswer) {
    const { timetable, withSeats } = answer;
    if (timetable.hostsAway) return present(answer);
    reply.type("application/json; charset=utf-8");
    if (!acceptsGzip(request.headers["accept-encoding"])) {
      return reply.send(timetableBody(timetable, { withSeats, gzip: false }));
    }
    return reply
      .header("content-encoding", "gzip")
      .header("vary", "accept-encoding")
      .send(timetableBody(timetable, { withSeats, gzip: true }));
  }

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
      const { query } = request;
      const link = {
        userLink: query.userLink,
        eventTypeLink: query.eventTypeLink,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      };
      return send(request, reply, await timetables.forBooking(link, windowOf(query)));
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
      const { query } = request;
      return present(await timetables.forSingleUseLink(query.link, windowOf(query)));
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
      const { query } = request;
      const link = {
        sharedLink: query.sharedLink,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      };
      return send(request, reply, await timetables.forBooking(link, windowOf(query)));
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
      const { query } = request;
      const ref = { eventUuid: query.eventUuid, attendeeUuid: query.attendeeUuid };
      return present(await timetables.forMove(ref, windowOf(query)));
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
      const { query } = request;
      const ref = {
        eventUuid: query.eventUuid,
        hostSlug: query.host_slug,
        hostEmail: query.host_email,
      };
      return present(await timetables.forHostMove(ref, windowOf(query)));
    },
  );
}
