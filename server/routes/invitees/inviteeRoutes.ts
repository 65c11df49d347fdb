import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../../core/errors";
import { findAttendee, findEventView } from "../../data/bookings";
import { findTeam } from "../../data/teams";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { errorResponses } from "../errorSchemas";
import {
  eventViewSchema,
  inviteeSchema,
  presentEventView,
  presentInvitee,
} from "../events/eventPresenter";

const idParam = z.uuid({ error: "Booking not found." });
const responseSchema = z.object({ invitee: inviteeSchema, event: eventViewSchema });

/**
 * An invitee's own booking, by their attendee uuid (the secret-ish id in their links): for the
 * confirmation page. It shows their own details and the event's public view, never other
 * attendees.
 */
export async function inviteeRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["booking"];
  const notFound = () => new DomainError("NOT_FOUND", "Booking not found.");

  async function load(attendeeId: string) {
    const attendee = await findAttendee(db, attendeeId);
    if (!attendee) throw notFound();
    const view = await findEventView(db, attendee.eventId);
    if (!view) throw notFound();
    return { attendee, view };
  }

  app.get(
    "/invitee/:id",
    {
      schema: {
        tags,
        summary: "An invitee's booking, by attendee uuid",
        params: z.object({ id: idParam }),
        response: { 200: responseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { attendee, view } = await load(request.params.id);
      return {
        invitee: presentInvitee(attendee),
        event: presentEventView(view, deps.config.publicUrl),
      };
    },
  );

  app.get(
    "/invitee/:user/:eventType/:id",
    {
      schema: {
        tags,
        summary: "An invitee's booking of a given user's event type (the confirmation route)",
        params: z.object({
          user: z.string().max(200),
          eventType: z.string().max(200),
          id: idParam,
        }),
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
      return {
        invitee: presentInvitee(attendee),
        event: presentEventView(view, deps.config.publicUrl),
      };
    },
  );
}
