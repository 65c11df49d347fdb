import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { oauthAuthorizeSchema } from "../../../core/api/calendarConnections";
import { CALENDARS_PATH } from "../../calendars/calendarFailingMail";
import { zoomAuthorizationStarter } from "../../commands/zoomAuthorizationStarter";
import { zoomConnectionCreator } from "../../commands/zoomConnectionCreator";
import type { Deps } from "../../deps";
import { requireAuth } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";

/** What Zoom's redirect carries (RFC 6749 4.1.2). */
const callbackQuery = z.object({
  state: z.string().max(500).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(4000).optional(),
});

/** Connecting a Zoom account by OAuth (for Zoom meeting links): the consent page, the callback. */
export async function zoomConnectionRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const tags = ["calendar connections"];

  app.post(
    "/calendar-connections/zoom/authorize",
    {
      schema: {
        tags,
        summary:
          "Start connecting a Zoom account (it makes ZOOM_CONNECTED meeting links; it gives no busy time): answers Zoom's consent page to send the host to (OAuth code flow with PKCE, state bound to this session). 404 when Zoom is not set up",
        security: hostSecurity,
        response: { 200: oauthAuthorizeSchema, ...errorResponses },
      },
    },
    async (request) => ({
      url: await zoomAuthorizationStarter(
        {
          db,
          zoom: config.zoom,
          encryptionKey: config.encryptionKey,
          publicUrl: config.publicUrl,
          now: deps.clock(),
        },
        requireAuth(request),
      ),
    }),
  );

  app.get(
    "/calendar-connections/zoom/callback",
    {
      schema: {
        tags,
        summary:
          "Where Zoom sends the host back (the redirect URI): connects the account and redirects to the Calendars screen, with ?oauth=connected or the reason it failed",
        security: hostSecurity,
        querystring: callbackQuery,
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const back = (oauth: string) =>
        reply.redirect(`${config.publicUrl}${CALENDARS_PATH}?oauth=${oauth}&provider=ZOOM`, 302);
      // A callback without the session that started it (another browser, signed out) is refused.
      if (request.auth === null) return back("EXPIRED");
      const outcome = await zoomConnectionCreator(
        {
          db,
          encryptionKey: config.encryptionKey,
          allowPrivate: config.calendarAllowPrivate,
          publicUrl: config.publicUrl,
          zoom: config.zoom,
          now: deps.clock(),
        },
        requireAuth(request),
        request.query,
      );
      return back(outcome.ok ? "connected" : outcome.failure);
    },
  );
}
