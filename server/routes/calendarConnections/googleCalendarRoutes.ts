import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { oauthAuthorizeSchema } from "../../../core/api/calendarConnections";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { CALENDARS_PATH } from "../../calendars/calendarFailingMail";
import { calendarDeletionCanceller } from "../../commands/calendarDeletionCanceller";
import { googleAuthorizationStarter } from "../../commands/googleAuthorizationStarter";
import { googleConnectionCreator } from "../../commands/googleConnectionCreator";
import { googleNotificationReceiver } from "../../commands/googleNotificationReceiver";
import type { Deps } from "../../deps";
import { requireAuth } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

const notificationHeaders = z.object({
  "x-goog-channel-id": z.uuid(),
  "x-goog-channel-token": z.string().max(200).default(""),
  "x-goog-resource-state": z.string().max(50),
});

/** What Google's redirect carries (RFC 6749 4.1.2, RFC 9207 `iss`, and Google's own extras). */
const callbackQuery = z
  .object({
    state: z.string().max(500).optional(),
    code: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    error_uri: z.string().max(2000).optional(),
    iss: z.string().max(500).optional(),
    scope: z.string().max(4000).optional(),
    authuser: z.string().max(50).optional(),
    hd: z.string().max(300).optional(),
    prompt: z.string().max(100).optional(),
  })
  .strict();

/** Connecting a Google account by OAuth: the consent page's address, and Google's callback. */
export async function googleCalendarRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["calendar connections"];

  app.post(
    "/calendar-connections/google/authorize",
    {
      schema: {
        tags,
        summary:
          "Start connecting a Google account: answers the consent page to send the host to (OAuth code flow with PKCE, state bound to this session). 404 when Google is not set up",
        security: hostSecurity,
        response: { 200: oauthAuthorizeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const url = await googleAuthorizationStarter(
        {
          db,
          google: deps.config.google,
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
    "/calendar-connections/google/callback",
    {
      schema: {
        tags,
        summary:
          "Where Google sends the host back (the redirect URI): connects the account and redirects to the Calendars screen, with ?oauth=connected or the reason it failed",
        security: hostSecurity,
        querystring: callbackQuery,
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const back = (oauth: string) =>
        reply.redirect(`${deps.config.publicUrl}${CALENDARS_PATH}?oauth=${oauth}`, 302);
      // A callback without the session that started it (another browser, signed out) is refused.
      if (request.auth === null) return back("EXPIRED");
      const outcome = await googleConnectionCreator(
        {
          db,
          encryptionKey: deps.config.encryptionKey,
          allowPrivate: deps.config.calendarAllowPrivate,
          publicUrl: deps.config.publicUrl,
          google: deps.config.google,
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
    "/calendar-connections/google/notifications",
    {
      schema: {
        tags,
        summary:
          "Google Calendar's push notifications (events.watch): a genuine one (known channel, its token) has the calendar read again at once",
        headers: notificationHeaders,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const genuine = await googleNotificationReceiver(
        db,
        {
          channelId: request.headers["x-goog-channel-id"],
          token: request.headers["x-goog-channel-token"],
          resourceState: request.headers["x-goog-resource-state"],
        },
        deps.clock(),
      );
      // Unknown to us: Google stops sending to a channel that answers 404.
      if (!genuine) throw new DomainError("NOT_FOUND", message("calendars.notFound"));
      return reply.status(204).send(null);
    },
  );
}
