import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  attendeeTokenQuery,
  inviteeOfEventTypeParams,
  inviteeParams,
  inviteeResponseSchema,
} from "../../../core/api/events";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { type AttendeeRow, type EventView, findAttendee, findEventView } from "../../data/bookings";
import { findTeam } from "../../data/teams";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { refundPreview } from "../../payments/cancelRefunds";
import { canReadAttendee } from "../../policies/bookings";
import { errorResponses } from "../errorSchemas";
import { presentEventView, presentInvitee } from "../events/eventPresenter";
import { hostSecurity } from "../hostSecurity";

const tokenQuery = attendeeTokenQuery;
const responseSchema = inviteeResponseSchema;

/**
 * An invitee's own booking, by their attendee uuid: for the confirmation and cancel pages.
 * Their details (name, email, phone, answers) need their secret (`token`, from their links
 * and the scheduling answer) or the session of one of the event's managers; anyone else
 * who has the uuid sees the event's public view and the attendee's status only.
 */
export async function inviteeRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["booking"];
  const notFound = () => new DomainError("NOT_FOUND", message("booking.notFound"));

  async function load(attendeeId: string) {
    const attendee = await findAttendee(db, attendeeId);
    if (!attendee) throw notFound();
    const view = await findEventView(db, attendee.eventId);
    if (!view) throw notFound();
    return { attendee, view };
  }

  async function present(
    attendee: AttendeeRow,
    view: EventView,
    token: string | undefined,
    userId: string | undefined,
  ) {
    const readable = await canReadAttendee(db, attendee, view.eventType, { token, userId });
    // What cancelling now would refund, for the cancel page to say beforehand: the invitee's
    // own cancellation goes by the refund policy.
    const payment = readable
      ? await refundPreview(
          db,
          attendee.id,
          { policy: view.eventType, start: view.event.startAt, by: "invitee" },
          deps.clock(),
        )
      : null;
    const invitee = readable
      ? {
          ...presentInvitee(attendee),
          ...(payment
            ? {
                payment: {
                  amount: payment.amount,
                  currency: payment.currency,
                  refundOnCancel: payment.refund,
                  refunded: payment.refunded,
                },
              }
            : {}),
        }
      : { uuid: attendee.id, status: attendee.status };
    return { invitee, event: presentEventView(view, deps.config.publicUrl) };
  }

  const description =
    "`token`: the attendee's secret (their links' token, or `attendee.token` of the scheduling answer). With it, or as a host of the event, the answer has the invitee's details; without, only their uuid and status.";

  app.get(
    "/invitee/:id",
    {
      schema: {
        tags,
        summary: "An invitee's booking, by attendee uuid",
        description,
        security: [...hostSecurity, {}],
        params: inviteeParams,
        querystring: tokenQuery,
        response: { 200: responseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { attendee, view } = await load(request.params.id);
      return present(attendee, view, request.query.token, request.auth?.userId);
    },
  );

  app.get(
    "/invitee/:user/:eventType/:id",
    {
      schema: {
        tags,
        summary: "An invitee's booking of a given user's event type (the confirmation route)",
        description,
        security: [...hostSecurity, {}],
        params: inviteeOfEventTypeParams,
        querystring: tokenQuery,
        response: { 200: responseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { attendee, view } = await load(request.params.id);
      const { eventType, hosts } = view;
      const user = request.params.user.toLowerCase();
      const [owner, team] = await Promise.all([
        eventType.userId ? findUserById(db, eventType.userId) : null,
        eventType.teamId ? findTeam(db, eventType.teamId) : null,
      ]);
      const named =
        owner?.username === user || team?.slug === user || hosts.some((h) => h.username === user);
      if (!named || eventType.slug !== request.params.eventType.toLowerCase()) throw notFound();
      return present(attendee, view, request.query.token, request.auth?.userId);
    },
  );
}
