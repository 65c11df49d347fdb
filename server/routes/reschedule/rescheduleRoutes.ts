import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { attendeeTokenQuery } from "../../../core/api/events";
import {
  rescheduleAttendeeParams,
  rescheduleByHostParams,
  rescheduledResponseSchema,
  rescheduleEventParams,
  reschedulePageSchema,
  rescheduleRequestSchema,
  roundRobinParams,
  roundRobinRequestSchema,
} from "../../../core/api/reschedule";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { findNamedHost } from "../../availability/findNamedHost";
import { loadEventTypeTarget } from "../../availability/loadEventTypeTarget";
import { resolveEventReference } from "../../availability/resolveEventReference";
import { bookingRescheduler, type RescheduleActor } from "../../commands/bookingRescheduler";
import { roundRobinReassigner } from "../../commands/roundRobinReassigner";
import {
  findAttendee,
  findAttendees,
  findEventView,
  findHostUsers,
  findOccurrenceAttendee,
} from "../../data/bookings";
import { findEventTypeOwner, lockedColorsOf } from "../../data/publicProfiles";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { idempotent } from "../../plugins/idempotency";
import {
  assertAttendeeToken,
  assertCanManageEvent,
  canReadAttendee,
} from "../../policies/bookings";
import { errorResponses } from "../errorSchemas";
import {
  presentBookedEvent,
  presentEventView,
  presentInvitee,
  presentPublicHost,
} from "../events/eventPresenter";
import { hostSecurity } from "../hostSecurity";
import {
  presentPublicEventType,
  publicPayments,
} from "../publicEventTypes/publicEventTypePresenter";

const rescheduledSchema = rescheduledResponseSchema;
const pageSchema = reschedulePageSchema;

/** Reschedule calls: the pages' reads, the move itself and the round-robin host change. */
export async function rescheduleRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { publicUrl } = deps.config;
  const tags = ["booking"];

  /** The event and its event type as the reschedule pages show them. */
  async function page(eventId: string) {
    const view = await findEventView(db, eventId);
    if (!view) throw new DomainError("NOT_FOUND", message("booking.notFound"));
    // The event type as it is now, even for a cancelled event: its page says what happened.
    const target = await loadEventTypeTarget(db, { id: view.eventType.id });
    if (!target) throw new DomainError("NOT_FOUND", message("booking.notFound"));
    const [owner, hosts] = await Promise.all([
      findEventTypeOwner(db, view.eventType),
      findHostUsers(
        db,
        target.hosts.map((h) => h.id),
      ),
    ]);
    if (!owner) throw new DomainError("NOT_FOUND", message("booking.notFound"));
    const lockedColors = await lockedColorsOf(db, owner);
    return {
      view,
      event: presentEventView(view, publicUrl),
      eventType: presentPublicEventType(
        view.eventType,
        target.timeZone,
        owner,
        hosts,
        null,
        lockedColors,
        publicPayments(deps.config.stripe),
      ),
    };
  }

  async function asManager(userId: string, eventId: string) {
    const view = await findEventView(db, eventId);
    if (!view) throw new DomainError("NOT_FOUND", message("booking.notFound"));
    await assertCanManageEvent(db, userId, eventId, view.eventType);
  }

  app.get(
    "/reschedule/events/:attendeeUuid",
    {
      schema: {
        tags,
        summary: "The booking an invitee is rescheduling (by their attendee uuid)",
        description:
          "`invitee` (their details) only with the attendee's `token` or to a host of the event.",
        security: [...hostSecurity, {}],
        params: rescheduleAttendeeParams,
        querystring: attendeeTokenQuery,
        response: { 200: pageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const attendee = await findAttendee(db, request.params.attendeeUuid);
      if (!attendee) throw new DomainError("NOT_FOUND", message("booking.notFound"));
      // A cancelled booking's link still answers: the page says it was cancelled and where to
      // book again (the move itself stays refused).
      const { view, event, eventType } = await page(attendee.eventId);
      const caller = { token: request.query.token, userId: request.auth?.userId };
      const invitee = (await canReadAttendee(db, attendee, view.eventType, caller))
        ? { invitee: presentInvitee(attendee) }
        : {};
      return { event, eventType, ...invitee };
    },
  );

  app.get(
    "/reschedule/event/:eventUuid/group",
    {
      schema: {
        tags,
        summary: "A group event a host reschedules for all its attendees",
        security: hostSecurity,
        params: rescheduleEventParams,
        response: { 200: pageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await asManager(requireUserId(request), request.params.eventUuid);
      const { event, eventType } = await page(request.params.eventUuid);
      const attendees = await findAttendees(db, request.params.eventUuid);
      return { event, eventType, attendees: attendees.map(presentInvitee) };
    },
  );

  app.get(
    "/reschedule/event/:eventUuid/byHost/:host",
    {
      schema: {
        tags,
        summary: "An event a host reschedules, with that host (username or email)",
        security: hostSecurity,
        params: rescheduleByHostParams,
        response: { 200: pageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await asManager(requireUserId(request), request.params.eventUuid);
      const { view, event, eventType } = await page(request.params.eventUuid);
      const identifier = request.params.host;
      const host = findNamedHost(
        view.hosts,
        identifier.includes("@") ? { hostEmail: identifier } : { hostSlug: identifier },
      );
      if (!host) throw new DomainError("NOT_FOUND", message("booking.hostNotInEvent"));
      return { event, eventType, host: presentPublicHost(host) };
    },
  );

  app.post(
    "/event/reschedule",
    {
      schema: {
        tags,
        summary:
          "Move a booking: attendeeUuid + token (the invitee; `occurrence` another occurrence of their series), or eventUuid (a host; forAll for a whole group event)",
        security: [...hostSecurity, {}],
        body: rescheduleRequestSchema,
        response: { 200: rescheduledSchema, ...errorResponses },
      },
      ...idempotent(db, deps.clock, "POST /api/event/reschedule"),
    },
    async (request) => {
      const body = request.body;
      let actor: RescheduleActor;
      if (body.attendeeUuid !== undefined) {
        // The invitee names another occurrence of their series; their link's token covers it.
        const attendeeId =
          body.occurrence === undefined
            ? body.attendeeUuid
            : await findOccurrenceAttendee(db, body.attendeeUuid, body.occurrence);
        const attendee = attendeeId === null ? undefined : await findAttendee(db, attendeeId);
        if (!attendee) throw new DomainError("NOT_FOUND", message("booking.notFound"));
        assertAttendeeToken(attendee, body.token);
        actor = { kind: "attendee", attendeeId: attendee.id };
      } else {
        const userId = requireUserId(request);
        await asManager(userId, body.eventUuid!);
        actor = { kind: "host", userId };
      }
      const resolved = await resolveEventReference(
        db,
        actor.kind === "attendee"
          ? { attendeeUuid: actor.attendeeId }
          : { eventUuid: body.eventUuid! },
      );
      const moved = await bookingRescheduler(
        { db, publicUrl, now: deps.clock() },
        resolved,
        actor,
        { start: Date.parse(body.start), timeZone: body.timezone, reason: body.reason },
      );
      return {
        event: presentBookedEvent(moved.event, moved.hosts),
        ...(actor.kind === "attendee" ? { attendee: { uuid: actor.attendeeId } } : {}),
      };
    },
  );

  app.post(
    "/reschedule/round-robin/:id",
    {
      schema: {
        tags,
        summary: "Hand a round-robin event to another free host of its event type",
        security: hostSecurity,
        params: roundRobinParams,
        body: roundRobinRequestSchema,
        response: { 200: rescheduledSchema, ...errorResponses },
      },
      ...idempotent(db, deps.clock, "POST /api/reschedule/round-robin/:id"),
    },
    async (request) => {
      const userId = requireUserId(request);
      await asManager(userId, request.params.id);
      const resolved = await resolveEventReference(db, { eventUuid: request.params.id });
      if (resolved.target.eventType.kind !== "ROUND_ROBIN") {
        throw new DomainError("VALIDATION", message("booking.onlyRoundRobinMoves"), {
          hostId: [message("booking.onlyRoundRobinMoves")],
        });
      }
      const { hostId, hostSlug } = request.body;
      const newHost = resolved.target.hosts.find(
        (h) => h.id === hostId || (hostSlug !== undefined && h.username === hostSlug.toLowerCase()),
      );
      if (!newHost) {
        throw new DomainError("VALIDATION", message("booking.notAHost"), {
          [hostId !== undefined ? "hostId" : "hostSlug"]: [message("booking.notAHost")],
        });
      }
      const moved = await roundRobinReassigner(
        { db, publicUrl, now: deps.clock() },
        userId,
        resolved,
        newHost,
      );
      return { event: presentBookedEvent(moved.event, moved.hosts) };
    },
  );
}
