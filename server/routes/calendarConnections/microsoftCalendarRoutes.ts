import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { oauthAuthorizeSchema } from "../../../core/api/calendarConnections";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { CALENDARS_PATH } from "../../calendars/calendarFailingMail";
import { LIFECYCLE_EVENTS } from "../../calendars/microsoft/microsoftSubscriptions";
import { calendarDeletionCanceller } from "../../commands/calendarDeletionCanceller";
import { microsoftAuthorizationStarter } from "../../commands/microsoftAuthorizationStarter";
import { microsoftConnectionCreator } from "../../commands/microsoftConnectionCreator";
import { microsoftLifecycleReceiver } from "../../commands/microsoftLifecycleReceiver";
import { microsoftNotificationReceiver } from "../../commands/microsoftNotificationReceiver";
import type { Deps } from "../../deps";
import { requireAuth } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

/**
 * What Microsoft's redirect carries (RFC 6749 4.1.2 with response_mode=query, and the identity
 * platform's extras, which are read past).
 */
const callbackQuery = z.object({
  state: z.string().max(500).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(4000).optional(),
  error_uri: z.string().max(2000).optional(),
  session_state: z.string().max(500).optional(),
});

/**
 * What Graph posts to the notification URL: the validation request (`validationToken` in the
 * query, no body) when a subscription is made, or a batch of change notifications.
 */
const notificationQuery = z.object({ validationToken: z.string().min(1).max(2000).optional() });
const notificationBody = z.object({
  value: z
    .array(
      z.object({
        subscriptionId: z.string().max(200),
        clientState: z.string().max(256).optional(),
        changeType: z.string().max(100).optional(),
        resource: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

/**
 * What Graph posts to the lifecycle notification URL: the validation request, or a batch of
 * lifecycle notifications (`lifecycleEvent` instead of `changeType`).
 */
const lifecycleBody = z.object({
  value: z
    .array(
      z.object({
        subscriptionId: z.string().max(200),
        clientState: z.string().max(256).optional(),
        lifecycleEvent: z.enum(LIFECYCLE_EVENTS),
        subscriptionExpirationDateTime: z.string().max(100).optional(),
        resource: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

/** Connecting a Microsoft 365 / Outlook.com account by OAuth: the sign-in page, the callback. */
export async function microsoftCalendarRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["calendar connections"];

  app.post(
    "/calendar-connections/microsoft/authorize",
    {
      schema: {
        tags,
        summary:
          "Start connecting a Microsoft 365 or Outlook.com account: answers the sign-in page to send the host to (OAuth code flow with PKCE, state bound to this session). 404 when Microsoft is not set up",
        security: hostSecurity,
        response: { 200: oauthAuthorizeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const url = await microsoftAuthorizationStarter(
        {
          db,
          microsoft: deps.config.microsoft,
          encryptionKey: deps.config.encryptionKey,
          publicUrl: deps.config.publicUrl,
          now: deps.clock(),
        },
        requireAuth(request),
      );
      return { url };
    },
  );

  app.get(
    "/calendar-connections/microsoft/callback",
    {
      schema: {
        tags,
        summary:
          "Where Microsoft sends the host back (the redirect URI): connects the account and redirects to the Calendars screen, with ?oauth=connected or the reason it failed",
        security: hostSecurity,
        querystring: callbackQuery,
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const back = (oauth: string) =>
        reply.redirect(
          `${deps.config.publicUrl}${CALENDARS_PATH}?oauth=${oauth}&provider=MICROSOFT`,
          302,
        );
      // A callback without the session that started it (another browser, signed out) is refused.
      if (request.auth === null) return back("EXPIRED");
      const outcome = await microsoftConnectionCreator(
        {
          db,
          encryptionKey: deps.config.encryptionKey,
          allowPrivate: deps.config.calendarAllowPrivate,
          publicUrl: deps.config.publicUrl,
          google: deps.config.google,
          microsoft: deps.config.microsoft,
          cancelBooking: calendarDeletionCanceller(db, deps.config.publicUrl),
          now: deps.clock(),
        },
        requireAuth(request),
        request.query,
      );
      return back(outcome.ok ? "connected" : outcome.failure);
    },
  );

  app.post(
    "/calendar-connections/microsoft/notifications",
    {
      schema: {
        tags,
        summary:
          "Microsoft Graph's change notifications for calendars' events: answers a subscription's validationToken as text; a genuine notification (live subscription, its clientState) has the calendar read again at once (202), others are refused (403)",
        querystring: notificationQuery,
        body: z.union([notificationBody, z.literal("")]).optional(),
        response: { 200: z.string(), 202: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { validationToken } = request.query;
      // Graph checks the address is ours: the token back, as plain text, within 10 seconds.
      if (validationToken !== undefined) {
        return reply.status(200).type("text/plain; charset=utf-8").send(validationToken);
      }
      const body = request.body;
      if (body === undefined || body === "") {
        throw new DomainError("VALIDATION", message("calendars.notFound"));
      }
      const genuine = await microsoftNotificationReceiver(db, body.value, deps.clock());
      if (genuine === 0) throw new DomainError("FORBIDDEN", message("calendars.notFound"));
      return reply.status(202).send(null);
    },
  );

  app.post(
    "/calendar-connections/microsoft/lifecycle",
    {
      schema: {
        tags,
        summary:
          "Microsoft Graph's lifecycle notifications for Slotted's subscriptions: answers a validationToken as text; a genuine one (live subscription, its clientState) is acted on (reauthorizationRequired: renewed; subscriptionRemoved: made again and the calendar read; missed: the calendar read) (202), others are refused (403)",
        querystring: notificationQuery,
        body: z.union([lifecycleBody, z.literal("")]).optional(),
        response: { 200: z.string(), 202: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { validationToken } = request.query;
      // Graph validates this address as it does the notification URL.
      if (validationToken !== undefined) {
        return reply.status(200).type("text/plain; charset=utf-8").send(validationToken);
      }
      const body = request.body;
      if (body === undefined || body === "") {
        throw new DomainError("VALIDATION", message("calendars.notFound"));
      }
      const genuine = await microsoftLifecycleReceiver(
        {
          db,
          microsoft: deps.config.microsoft,
          encryptionKey: deps.config.encryptionKey,
          clock: deps.clock,
          publicUrl: deps.config.publicUrl,
        },
        body.value,
      );
      if (genuine === 0) throw new DomainError("FORBIDDEN", message("calendars.notFound"));
      return reply.status(202).send(null);
    },
  );
}
