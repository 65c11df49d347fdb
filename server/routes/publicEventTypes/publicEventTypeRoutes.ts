import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  eventTypeLinkParams,
  pinnedHostQuery,
  publicEventTypeSchema,
  userEventTypeParams,
} from "../../../core/api/publicEventTypes";
import type { EventTypeLink } from "../../../core/booking/bookingRequestSchema";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { resolvePublicEventType } from "../../availability/resolvePublicEventType";
import { findHostUsers } from "../../data/bookings";
import { findEventTypeOwner, lockedColorsOf } from "../../data/publicProfiles";
import { textsInvitee } from "../../data/workflows";
import type { Deps } from "../../deps";
import { errorResponses } from "../errorSchemas";
import { presentPublicEventType, publicPayments } from "./publicEventTypePresenter";

const hostQuery = pinnedHostQuery;

function named(query: z.infer<typeof hostQuery>) {
  return {
    ...(query.host_slug ? { hostSlug: query.host_slug } : {}),
    ...(query.host_email ? { hostEmail: query.host_email } : {}),
  };
}

/** The public event-type reads of the booking pages (the spec's section 7). */
export async function publicEventTypeRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["booking"];
  const response = { 200: publicEventTypeSchema, ...errorResponses };

  async function view(link: EventTypeLink) {
    const target = await resolvePublicEventType(db, link);
    const [owner, hosts] = await Promise.all([
      findEventTypeOwner(db, target.eventType),
      findHostUsers(
        db,
        target.hosts.map((h) => h.id),
      ),
    ]);
    if (!owner) throw new DomainError("NOT_FOUND", message("eventTypes.notFound"));
    const pinned = target.pinnedHost
      ? (hosts.find((h) => h.id === target.pinnedHost!.id) ?? null)
      : null;
    const [lockedColors, texts] = await Promise.all([
      lockedColorsOf(db, owner),
      deps.smsConfigured ? textsInvitee(db, target.eventType.id) : false,
    ]);
    return presentPublicEventType(
      target.eventType,
      target.timeZone,
      owner,
      hosts,
      pinned,
      lockedColors,
      publicPayments(deps.config.stripe),
      texts,
    );
  }

  app.get(
    "/user/:user/:eventType",
    {
      schema: {
        tags,
        summary: "A user's event type for its booking page, with the host's public profile",
        params: userEventTypeParams,
        querystring: hostQuery,
        response,
      },
    },
    (request) =>
      view({
        userLink: request.params.user,
        eventTypeLink: request.params.eventType,
        ...named(request.query),
      }),
  );

  app.get(
    "/shared/:link",
    {
      schema: {
        tags,
        summary: "A team event type by its shared link (/C, /R, /F), optionally pinned to a host",
        params: eventTypeLinkParams,
        querystring: hostQuery,
        response,
      },
    },
    (request) => view({ sharedLink: request.params.link, ...named(request.query) }),
  );

  app.get(
    "/single-use-link/:link",
    {
      schema: {
        tags,
        summary: "An event type by a single-use link (404 once it has been used)",
        params: eventTypeLinkParams,
        response,
      },
    },
    (request) => view({ singleUseLink: request.params.link }),
  );
}
