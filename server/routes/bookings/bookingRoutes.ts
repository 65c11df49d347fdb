import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  attendeeParams,
  bookingAnswerResponseSchema,
  bookingListQuery,
  bookingListResponseSchema,
  bookingParams,
  bookingRefundParams,
  bookingRefundResponseSchema,
  declineRequestSchema,
  noShowSchema,
  requestAnswerSchema,
} from "../../../core/api/bookings";
import { inviteeSchema } from "../../../core/api/events";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { addDays, isLocalDate } from "../../../core/time/localDate";
import { localToInstant } from "../../../core/time/localToInstant";
import { bookingApprover } from "../../commands/bookingApprover";
import { noShowMarker } from "../../commands/noShowMarker";
import { paymentRefunder } from "../../commands/paymentRefunder";
import { attendeesOfEvents, hostsOfEvents, listHostEvents } from "../../data/bookings";
import { findUserById } from "../../data/users";
import type { Db } from "../../db/database";
import { type CalendarExternalChange, calendarWrites, payments } from "../../db/schema";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { assertRequestSignature } from "../../policies/bookings";
import { errorResponses } from "../errorSchemas";
import { presentInvitee } from "../events/eventPresenter";
import { hostSecurity } from "../hostSecurity";

/**
 * `from` and `to` as instants: a date is a day in the host's zone (`to` inclusive), an
 * instant is taken as is.
 */
function bounds(from: string | undefined, to: string | undefined, timeZone: string) {
  const instant = (value: string, end: boolean) =>
    isLocalDate(value)
      ? new Date(localToInstant(timeZone, end ? addDays(value, 1) : value, "00:00"))
      : new Date(value);
  return {
    ...(from !== undefined ? { from: instant(from, false) } : {}),
    ...(to !== undefined ? { to: instant(to, true) } : {}),
  };
}

/** What the host did in their calendar to the events of `eventIds` Slotted wrote there. */
async function calendarChangesOf(db: Db, userId: string, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, CalendarExternalChange>();
  const rows = await db
    .select({ eventId: calendarWrites.eventId, change: calendarWrites.externalChange })
    .from(calendarWrites)
    .where(
      and(
        eq(calendarWrites.userId, userId),
        inArray(calendarWrites.eventId, eventIds),
        isNotNull(calendarWrites.externalChange),
      ),
    );
  return new Map(rows.map((row) => [row.eventId, row.change!]));
}

/** The host's bookings list (`GET /api/bookings`) and their answers to booking requests. */
export async function bookingRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/bookings",
    {
      schema: {
        tags: ["bookings"],
        summary: "The host's events with attendees, by start; filter by status and dates",
        security: hostSecurity,
        querystring: bookingListQuery,
        response: { 200: bookingListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
      const { status, from, to, limit, offset } = request.query;
      const rows = await listHostEvents(db, userId, {
        ...(status ? { status } : {}),
        ...bounds(from, to, user.timeZone),
        limit,
        offset,
      });
      const ids = rows.map((r) => r.event.id);
      const [attendees, hosts, paid, changed] = await Promise.all([
        attendeesOfEvents(db, ids),
        hostsOfEvents(db, ids),
        ids.length === 0 ? [] : db.select().from(payments).where(inArray(payments.eventId, ids)),
        calendarChangesOf(db, userId, ids),
      ]);
      return {
        bookings: rows.map(({ event, eventType }) => ({
          uuid: event.id,
          title: event.title,
          start: event.startAt.toISOString(),
          end: event.endAt.toISOString(),
          status: event.status,
          location: event.location,
          cancellationReason: event.cancellationReason,
          rescheduleReason: event.rescheduleReason,
          seriesId: event.seriesId,
          eventType,
          hosts: (hosts.get(event.id) ?? []).map((h) => ({
            id: h.id,
            name: h.name,
            username: h.username,
            email: h.email,
          })),
          attendees: (attendees.get(event.id) ?? []).map(presentInvitee),
          calendarChange: changed.get(event.id) ?? null,
          payments: paid
            .filter((p) => p.eventId === event.id)
            .map((p) => ({
              attendeeUuid: p.attendeeId,
              status: p.status,
              amount: p.amount,
              currency: p.currency,
              refunded: p.refundedAmount,
            })),
        })),
      };
    },
  );

  app.post(
    "/bookings/:uuid/refund",
    {
      schema: {
        tags: ["bookings"],
        summary: "Refund a paid booking in full (through Stripe, retried until it is made)",
        security: hostSecurity,
        params: bookingRefundParams,
        response: { 200: bookingRefundResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const refunded = await paymentRefunder(
        db,
        requireUserId(request),
        request.params.uuid,
        deps.clock(),
      );
      return { refunded };
    },
  );

  // The dashboard's two buttons and the mailed link answer a request the same way; only who
  // answers (a signed-in host, or the link's signature) differs.
  async function answerRequest(
    uuid: string,
    by: Parameters<typeof bookingApprover>[1],
    answer: Parameters<typeof bookingApprover>[3],
  ) {
    const event = await bookingApprover(
      { db, publicUrl: deps.config.publicUrl, now: deps.clock() },
      by,
      uuid,
      answer,
    );
    return {
      event: {
        uuid: event.id,
        title: event.title,
        start: event.startAt.toISOString(),
        end: event.endAt.toISOString(),
        status: event.status,
        location: event.location,
      },
    };
  }

  app.post(
    "/bookings/:uuid/attendees/:attendeeUuid/no-show",
    {
      schema: {
        tags: ["bookings"],
        summary:
          "Mark an invitee of a meeting that has started as a no-show (`noShow: true`), or take the mark back; announced as booking.no_show and fires the no-show workflows",
        security: hostSecurity,
        params: attendeeParams,
        body: noShowSchema,
        response: { 200: inviteeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const attendee = await noShowMarker(
        db,
        requireUserId(request),
        request.params.uuid,
        request.params.attendeeUuid,
        request.body.noShow,
        deps.clock(),
      );
      return presentInvitee(attendee);
    },
  );

  app.post(
    "/bookings/:uuid/approve",
    {
      schema: {
        tags: ["bookings"],
        summary: "Approve a booking request (PENDING_APPROVAL): it is confirmed and mailed",
        security: hostSecurity,
        params: bookingParams,
        response: { 200: bookingAnswerResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      answerRequest(request.params.uuid, { userId: requireUserId(request) }, { approve: true }),
  );

  app.post(
    "/bookings/:uuid/decline",
    {
      schema: {
        tags: ["bookings"],
        summary: "Decline a booking request: its time is freed and the invitee told the reason",
        security: hostSecurity,
        params: bookingParams,
        body: declineRequestSchema,
        response: { 200: bookingAnswerResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      answerRequest(
        request.params.uuid,
        { userId: requireUserId(request) },
        { approve: false, reason: request.body.reason },
      ),
  );

  app.post(
    "/booking-requests/:uuid",
    {
      schema: {
        tags: ["bookings"],
        summary:
          "Approve or decline a booking request with the signed link mailed to its hosts (sig)",
        security: [{}],
        params: bookingParams,
        body: requestAnswerSchema,
        response: { 200: bookingAnswerResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { sig, host, approve, reason } = request.body;
      assertRequestSignature(deps.config.sessionSecret, request.params.uuid, sig, host);
      return answerRequest(
        request.params.uuid,
        { signedLink: true, hostId: host },
        approve ? { approve: true } : { approve: false, reason },
      );
    },
  );
}
