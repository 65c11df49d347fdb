import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  attendeeTokenQuery,
  bookingRequestSchema,
  bookingResponseSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  eventIcsQuery,
  eventUuidParams,
  eventViewResponseSchema,
  pendingBookingParams,
  pendingBookingQuery,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from "../../../core/api/events";
import { eventTypeLinkOf } from "../../../core/booking/bookingRequestSchema";
import { validateBookingRequest } from "../../../core/booking/validateBookingRequest";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { resolvePublicEventType } from "../../availability/resolvePublicEventType";
import { SlotFlights } from "../../booking/slotFlights";
import { slotTaken } from "../../booking/slotTaken";
import { attendeeCanceller } from "../../commands/attendeeCanceller";
import { bookingCreator } from "../../commands/bookingCreator";
import { eventCanceller } from "../../commands/eventCanceller";
import { pendingBookingDeleter } from "../../commands/pendingBookingDeleter";
import { routingResponseLinker } from "../../commands/routingResponseLinker";
import { seriesCanceller } from "../../commands/seriesCanceller";
import { findAttendee, findEventView, findOccurrenceAttendee } from "../../data/bookings";
import type { Deps } from "../../deps";
import { requestLanguage } from "../../i18n/requestLanguage";
import { cancelUrl, mailLocation, meetingUid, rescheduleUrl } from "../../mail/bookingMails";
import { meetingIcs } from "../../mail/meetingIcs";
import { paymentGatewayOf, paymentsSetup } from "../../payments/stripeGateway";
import { idempotent } from "../../plugins/idempotency";
import { assertAttendeeToken } from "../../policies/bookings";
import { sendEmailCode } from "../../verification/emailCodes";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { bookingRateLimits } from "./bookingRateLimits";
import { presentBooking, presentEventView } from "./eventPresenter";

const uuidParams = eventUuidParams;

export async function eventRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["booking"];
  const { publicUrl, sessionSecret } = deps.config;
  const flights = new SlotFlights();

  async function eventView(eventId: string) {
    const view = await findEventView(db, eventId);
    if (!view) throw new DomainError("NOT_FOUND", message("booking.notFound"));
    return view;
  }

  app.post(
    "/event",
    {
      schema: {
        tags,
        summary: "Schedule a booking (the spec's POST /event); 409 when the time was taken",
        body: bookingRequestSchema,
        response: { 201: bookingResponseSchema, ...errorResponses },
      },
      ...idempotent(db, deps.clock, "POST /api/event"),
    },
    async (request, reply) => {
      const body = request.body;
      const limits = deps.config.bookingLimits;
      await bookingRateLimits.takeForAddress(db, limits, request.ip, deps.clock());
      const link = eventTypeLinkOf(body)!;
      // A rush for one slot: wait for the request already booking it in this process.
      const key = SlotFlights.keyOf(link, Date.parse(body.start));
      if (await flights.wasTaken(key)) throw slotTaken();
      const flight = flights.begin(key);
      let taken = false;
      try {
        const target = await resolvePublicEventType(db, link);
        await bookingRateLimits.takeForEventType(db, limits, target.eventType.id, deps.clock());
        const fillsSlot = SlotFlights.fillsSlot(target.eventType.kind);
        if (!fillsSlot) flight.settle(false);
        // The invitee's language, for their mails: the body's, else the page's.
        const language = requestLanguage(request);
        const details = validateBookingRequest(target.eventType, { ...body, language });
        const booked = await bookingCreator(
          {
            db,
            publicUrl,
            secret: sessionSecret,
            now: deps.clock(),
            payments: paymentsSetup(deps.config),
            jitsiBaseUrl: deps.config.jitsiBaseUrl,
          },
          target,
          details,
          body.emailCode,
        );
        taken = fillsSlot;
        if (body.routingResponseId !== undefined) {
          await routingResponseLinker(db, body.routingResponseId, {
            eventId: booked.event.id,
            eventTypeId: booked.event.eventTypeId,
          });
        }
        return reply
          .status(201)
          .send(presentBooking(booked, target.eventType, deps.config.publicUrl));
      } finally {
        flight.settle(taken);
      }
    },
  );

  app.post(
    "/event/verify-email",
    {
      schema: {
        tags,
        summary: "Email a 6-digit code for booking an event type that requires verification",
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses },
      },
      ...idempotent(db, deps.clock, "POST /api/event/verify-email"),
    },
    async (request) => {
      const { email } = request.body;
      const language = requestLanguage(request);
      const target = await resolvePublicEventType(db, eventTypeLinkOf(request.body)!);
      const seconds = await sendEmailCode(
        db,
        sessionSecret,
        { email, eventType: target.eventType, language, ip: request.ip },
        deps.clock(),
      );
      return { CODE_EXPIRES_IN: seconds };
    },
  );

  app.get(
    "/event/uuid/:uuid",
    {
      schema: {
        tags,
        summary: "A booked event for its confirmation page, with add-to-calendar links",
        params: uuidParams,
        response: { 200: eventViewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      event: presentEventView(await eventView(request.params.uuid), publicUrl),
    }),
  );

  app.get(
    "/event/uuid/:uuid/ics",
    {
      schema: {
        tags,
        summary: "The event as an iCalendar file (UTC), for 'Add to calendar'",
        description:
          "With `attendee` and that attendee's `token`, the file names the host and the attendee and holds the attendee's reschedule and cancel links; without, it names the host at a no-reply address and no attendee.",
        params: uuidParams,
        querystring: eventIcsQuery,
      },
    },
    async (request, reply) => {
      const { event, eventType, hosts } = await eventView(request.params.uuid);
      const { attendee: attendeeId, token } = request.query;
      const attendee = attendeeId ? await findAttendee(db, attendeeId) : null;
      if (attendeeId && attendee?.eventId !== event.id) {
        throw new DomainError("NOT_FOUND", message("booking.notFound"));
      }
      if (attendee) assertAttendeeToken(attendee, token);
      // Anyone with the event's uuid may download the file without an attendee, and the JSON
      // view shows hosts without their addresses: then the organizer is the host's name at a
      // no-reply address.
      const noReply = `no-reply@${new URL(publicUrl).hostname}`;
      const host = hosts[0];
      const links = attendee && event.status !== "CANCELLED" ? attendee : null;
      const ics = meetingIcs(
        {
          uid: meetingUid(event.id),
          sequence: event.sequence,
          stamp: (event.cancelledAt ?? event.createdAt).toISOString(),
          start: event.startAt.toISOString(),
          end: event.endAt.toISOString(),
          title: event.title,
          description: eventType.description,
          location: mailLocation(event.location, eventType.locations),
          organizer: host
            ? { name: host.name, email: attendee ? host.email : noReply }
            : { email: noReply },
          invitee: attendee
            ? { name: attendee.name, email: attendee.email, guests: attendee.guests }
            : null,
          cancelUrl: links ? cancelUrl(publicUrl, links) : null,
          rescheduleUrl: links ? rescheduleUrl(publicUrl, links) : null,
          cancelled: event.status === "CANCELLED",
        },
        requestLanguage(request),
        "PUBLISH",
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="event-${event.id}.ics"`)
        .send(ics);
    },
  );

  app.put(
    "/event/uuid/:uuid/cancel",
    {
      schema: {
        tags,
        summary:
          "Cancel: by the invitee ({uuid} their attendee uuid, with the token of their link) or by a host ({uuid} the event); `following` cancels an occurrence of a recurring series and every later one",
        security: [...hostSecurity, {}],
        params: uuidParams,
        querystring: attendeeTokenQuery,
        body: cancelRequestSchema,
        response: { 200: cancelResponseSchema, ...errorResponses },
      },
      ...idempotent(db, deps.clock, "PUT /api/event/uuid/:uuid/cancel"),
    },
    async (request) => {
      const context = { db, publicUrl, now: deps.clock() };
      const reason = request.body.cancellation_reason;
      const token = request.body.token ?? request.query.token;
      let result: Awaited<ReturnType<typeof eventCanceller>>;
      // The invitee names another occurrence of their series; their link's token covers it.
      let attendeeId = request.params.uuid;
      if (request.body.occurrence !== undefined && token !== undefined) {
        const other = await findOccurrenceAttendee(db, attendeeId, request.body.occurrence);
        if (other === null) throw new DomainError("NOT_FOUND", message("booking.notFound"));
        attendeeId = other;
      }
      if (request.body.following) {
        if (token === undefined && !request.auth) {
          throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));
        }
        const actor =
          token !== undefined
            ? { kind: "attendee" as const, attendeeId, token }
            : { kind: "host" as const, userId: request.auth!.userId, eventId: request.params.uuid };
        result = await seriesCanceller(context, actor, reason);
      } else if (token !== undefined) {
        result = await attendeeCanceller(context, attendeeId, token, reason);
      } else if (request.auth) {
        result = await eventCanceller(context, request.auth.userId, request.params.uuid, reason);
      } else {
        throw new DomainError("FORBIDDEN", message("booking.linkNotValid"));
      }
      return {
        event: presentEventView(await eventView(result.event.id), publicUrl),
        eventCancelled: result.eventCancelled,
      };
    },
  );

  app.delete(
    "/event/:user/:eventType/:eventUuid",
    {
      schema: {
        tags,
        summary:
          "Take back a booking awaiting payment (payment failed): the attendee's seat, and the event once no one else holds one; its Stripe payment is cancelled",
        description:
          "`token` is the attendee's secret from the scheduling answer (`attendee.token`); `payment_intent` is optional.",
        params: pendingBookingParams,
        querystring: pendingBookingQuery,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const gateway = paymentGatewayOf(deps.config);
      await pendingBookingDeleter(
        db,
        {
          user: request.params.user,
          eventType: request.params.eventType,
          eventId: request.params.eventUuid,
          token: request.query.token,
          paymentIntent: request.query.payment_intent,
        },
        deps.clock(),
        gateway === null
          ? undefined
          : { db, gateway, publicUrl, secret: sessionSecret, now: deps.clock() },
      );
      return reply.status(204).send(null);
    },
  );
}
