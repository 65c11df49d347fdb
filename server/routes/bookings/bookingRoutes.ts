import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { addDays, isLocalDate } from "../../../core/time/localDate";
import { localToInstant } from "../../../core/time/localToInstant";
import {
  isSupportedDate,
  isSupportedInstant,
  UNSUPPORTED_DATE_MESSAGE,
} from "../../../core/validation/supportedDates";
import { attendeesOfEvents, hostsOfEvents, listHostEvents } from "../../data/bookings";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { inviteeSchema, presentInvitee } from "../events/eventPresenter";
import { hostSecurity } from "../hostSecurity";

// Year 0 and JavaScript's extended years would reach PostgreSQL as timestamps it refuses.
const dateOrInstant = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (isSupportedDate(value) || isSupportedInstant(value)) return;
    const wellFormed =
      isLocalDate(value) || (/^[+-]?\d{4,6}-/.test(value) && !Number.isNaN(Date.parse(value)));
    ctx.addIssue({
      code: "custom",
      message: wellFormed
        ? UNSUPPORTED_DATE_MESSAGE
        : "Use a date like 2026-11-23 or an ISO instant.",
    });
  });

const bookingSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(["PENDING_PAYMENT", "CONFIRMED", "CANCELLED"]),
  location: z.object({ type: z.string(), value: z.string().optional() }).nullable(),
  cancellationReason: z.string().nullable(),
  rescheduleReason: z.string().nullable(),
  eventType: z.object({ id: z.uuid(), title: z.string(), slug: z.string(), kind: z.string() }),
  hosts: z.array(
    z.object({ id: z.uuid(), name: z.string(), username: z.string(), email: z.string() }),
  ),
  attendees: z.array(inviteeSchema),
});

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

/** The host's bookings list (`GET /api/bookings`). */
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
        querystring: z.object({
          status: z
            .enum(["CONFIRMED", "CANCELLED", "PENDING_PAYMENT"], {
              error: "Use CONFIRMED, CANCELLED or PENDING_PAYMENT.",
            })
            .optional(),
          from: dateOrInstant.optional(),
          to: dateOrInstant.optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: { 200: z.object({ bookings: z.array(bookingSchema) }), ...errorResponses },
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
      const [attendees, hosts] = await Promise.all([
        attendeesOfEvents(db, ids),
        hostsOfEvents(db, ids),
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
          eventType,
          hosts: (hosts.get(event.id) ?? []).map((h) => ({
            id: h.id,
            name: h.name,
            username: h.username,
            email: h.email,
          })),
          attendees: (attendees.get(event.id) ?? []).map(presentInvitee),
        })),
      };
    },
  );
}
