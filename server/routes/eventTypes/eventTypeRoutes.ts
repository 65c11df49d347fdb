import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  eventTypeCreateSchema,
  eventTypeListQuery,
  eventTypeListResponseSchema,
  eventTypeParams,
  eventTypeResponseSchema,
  eventTypeUpdateSchema,
} from "../../../core/api/eventTypes";
import { isConnectedLocationType } from "../../../core/eventTypes/eventTypeSchema";
import { message } from "../../../core/messages";
import {
  connectedLocationProvider,
  meetingLinkProviders,
} from "../../calendars/connectedLocations";
import { eventTypeCreator } from "../../commands/eventTypeCreator";
import { eventTypeDeleter } from "../../commands/eventTypeDeleter";
import { eventTypeUpdater } from "../../commands/eventTypeUpdater";
import {
  type EventTypeWithHosts,
  findEventType,
  listVisibleEventTypes,
} from "../../data/eventTypes";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { invalidEventType } from "../../eventTypes/eventTypeWrites";
import { requireUserId } from "../../plugins/auth";
import { assertCanSeeEventType } from "../../policies/eventTypes";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentEventType } from "./eventTypePresenter";

const params = eventTypeParams;

export async function eventTypeRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["event types"];

  async function present(types: EventTypeWithHosts[]) {
    const ownerIds = [
      ...new Set(types.map((t) => t.userId).filter((id): id is string => id !== null)),
    ];
    const owners = new Map(
      await Promise.all(
        ownerIds.map(async (id) => [id, (await findUserById(db, id))?.username ?? null] as const),
      ),
    );
    return types.map((t) =>
      presentEventType(t, deps.config.publicUrl, t.userId ? (owners.get(t.userId) ?? null) : null),
    );
  }

  app.get(
    "/event-types",
    {
      schema: {
        tags,
        summary: "The host's event types and those of their teams",
        security: hostSecurity,
        querystring: eventTypeListQuery,
        response: { 200: eventTypeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const all = await listVisibleEventTypes(db, requireUserId(request));
      const { teamId } = request.query;
      return { eventTypes: await present(teamId ? all.filter((t) => t.teamId === teamId) : all) };
    },
  );

  /**
   * Without card payments set up, a new price is refused: it would make the event type
   * unbookable. One it already has (set while payments were on) may stay.
   */
  function assertPriceAllowed(
    price: { amount: number; currency: string } | null,
    current: { priceAmount: number | null; priceCurrency: string | null } | null,
  ) {
    if (price === null || deps.config.stripe !== null) return;
    if (current?.priceAmount === price.amount && current.priceCurrency === price.currency) return;
    throw invalidEventType({ price: [message("payment.priceNeedsPayments")] });
  }

  /**
   * A location whose meeting link is made through the host's connected account (Google Meet,
   * Microsoft Teams, Zoom) is offered only to a host who can make one: newly added, it needs a
   * connection of its provider with a calendar bookings are written into (Zoom: a Zoom
   * connection). One the event type already has may stay.
   */
  async function assertConnectedLocationsAllowed(
    userId: string,
    locations: readonly { type: string }[] | undefined,
    current: { locations: readonly { type: string }[] } | null,
  ) {
    const added = (locations ?? []).filter(
      (l) => isConnectedLocationType(l.type) && !current?.locations.some((c) => c.type === l.type),
    );
    if (added.length === 0) return;
    const providers = await meetingLinkProviders(db, userId);
    const missing = added.find((l) => !providers.has(connectedLocationProvider(l.type as never)));
    if (missing === undefined) return;
    throw invalidEventType({
      locations: [
        message(
          missing.type === "MICROSOFT_TEAMS_MEETING"
            ? "eventTypes.teamsNeedsMicrosoft"
            : missing.type === "ZOOM_CONNECTED"
              ? "eventTypes.zoomNeedsZoom"
              : "eventTypes.meetNeedsGoogle",
        ),
      ],
    });
  }

  app.post(
    "/event-types",
    {
      schema: {
        tags,
        summary: "Create an event type of any kind (team kinds need teamId and hosts)",
        security: hostSecurity,
        body: eventTypeCreateSchema,
        response: { 201: eventTypeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertPriceAllowed(request.body.price ?? null, null);
      await assertConnectedLocationsAllowed(requireUserId(request), request.body.locations, null);
      const created = await eventTypeCreator(db, requireUserId(request), request.body);
      const [presented] = await present([created]);
      return reply.status(201).send(presented!);
    },
  );

  app.get(
    "/event-types/:id",
    {
      schema: {
        tags,
        summary: "One event type",
        security: hostSecurity,
        params,
        response: { 200: eventTypeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const type = await assertCanSeeEventType(
        db,
        requireUserId(request),
        await findEventType(db, request.params.id),
      );
      const [presented] = await present([type]);
      return presented!;
    },
  );

  app.patch(
    "/event-types/:id",
    {
      schema: {
        tags,
        summary: "Change an event type; the result is validated whole",
        security: hostSecurity,
        params,
        body: eventTypeUpdateSchema,
        response: { 200: eventTypeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { price } = request.body;
      if (price != null && deps.config.stripe === null) {
        const current = await findEventType(db, request.params.id);
        assertPriceAllowed(price, current);
      }
      if (request.body.locations?.some((l) => isConnectedLocationType(l.type))) {
        const current = await findEventType(db, request.params.id);
        await assertConnectedLocationsAllowed(
          requireUserId(request),
          request.body.locations,
          current,
        );
      }
      const updated = await eventTypeUpdater(
        db,
        requireUserId(request),
        request.params.id,
        request.body,
        deps.clock(),
      );
      const [presented] = await present([updated]);
      return presented!;
    },
  );

  app.delete(
    "/event-types/:id",
    {
      schema: {
        tags,
        summary: "Delete an event type without upcoming bookings",
        security: hostSecurity,
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await eventTypeDeleter(db, requireUserId(request), request.params.id, deps.clock());
      return reply.status(204).send(null);
    },
  );
}
