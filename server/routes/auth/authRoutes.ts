import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  loginSchema,
  sessionResponseSchema,
  setupStatusQuerySchema,
  setupStatusSchema,
  signupSchema,
} from "../../../core/api/auth";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { signupInvitation } from "../../accounts/signupInvitation";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  deviceCookieValue,
  verifiedDeviceId,
} from "../../auth/deviceCookie";
import {
  assertNotThrottled,
  clearFailures,
  loginThrottleKeys,
  recordFailure,
} from "../../auth/loginThrottle";
import { fromThisMachine, ownerSetupTokenValid } from "../../auth/ownerSetup";
import { dummyPasswordHash, verifyPassword } from "../../auth/passwords";
import { csrfTokenFor, tokenHash } from "../../auth/secrets";
import { issueToken, SESSION_DAYS } from "../../auth/sessions";
import { accountCreator } from "../../commands/accountCreator";
import { findUserByEmail, hasOwner } from "../../data/users";
import { authTokens } from "../../db/schema";
import type { Deps } from "../../deps";
import { requestLanguage } from "../../i18n/requestLanguage";
import { CSRF_COOKIE, SESSION_COOKIE } from "../../plugins/auth";
import { errorResponses } from "../errorSchemas";
import { presentUser } from "../me/userPresenter";

const sessionResponse = sessionResponseSchema;

export async function authRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const secure = deps.config.publicUrl.startsWith("https:");

  function setSessionCookies(reply: FastifyReply, token: string) {
    const common = { path: "/", sameSite: "lax" as const, secure, maxAge: SESSION_DAYS * 86_400 };
    reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
    reply.setCookie(CSRF_COOKIE, csrfTokenFor(token, deps.config.sessionSecret), {
      ...common,
      httpOnly: false,
    });
  }

  /** Whether this request may make the owner: from this machine, or with the setup link. */
  const mayOwn = (
    request: {
      ip: string;
      socket: { remoteAddress?: string | undefined };
      headers: Record<string, string | string[] | undefined>;
    },
    token: string | undefined,
  ) =>
    (fromThisMachine(request.socket.remoteAddress, request.headers) &&
      fromThisMachine(request.ip, request.headers)) ||
    ownerSetupTokenValid(deps.config.sessionSecret, token);

  /** The sign-up form's view of a mailed invitation: its address, and a team's name. */
  async function invitationPreview(token: string | undefined) {
    const found = token ? await signupInvitation(db, token, deps.clock()) : null;
    if (!found) return null;
    return { email: found.email, teamName: found.kind === "team" ? found.teamName : null };
  }

  app.get(
    "/auth/setup",
    {
      schema: {
        tags: ["auth"],
        summary:
          "How this server lets people sign up: whether a sign-up now makes its owner, SIGNUP, and whether it sends mail",
        description:
          "`ownerSetup` is true while the instance has no owner and the request comes from the server's own machine or carries the setup link's `token` (printed at start).",
        querystring: setupStatusQuerySchema,
        response: { 200: setupStatusSchema, ...errorResponses },
      },
    },
    async (request) => ({
      ownerSetup: mayOwn(request, request.query.token) && !(await hasOwner(db)),
      signup: deps.config.signup,
      sendsMail: deps.config.smtpUrl !== null,
      takesPayments: deps.config.stripe !== null,
      invitation: await invitationPreview(request.query.invitation),
    }),
  );

  app.post(
    "/auth/signup",
    {
      schema: {
        tags: ["auth"],
        summary: "Create a host account; answers a token and sets the session cookie",
        body: signupSchema,
        response: { 201: sessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The body's language, else the page's: a sign-up from a French page gets French mails.
      const input = { ...request.body, language: requestLanguage(request) };
      const { user, token } = await accountCreator(db, input, deps.config.publicUrl, deps.clock(), {
        signup: deps.config.signup,
        mayOwn: input.owner === true && mayOwn(request, input.setupToken),
      });
      setSessionCookies(reply, token);
      return reply.status(201).send({ user: presentUser(user), token });
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in; answers a token and sets the session cookie",
        body: loginSchema,
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = deps.clock();
      const secret = deps.config.sessionSecret;
      const deviceId = verifiedDeviceId(request.cookies[DEVICE_COOKIE], request.body.email, secret);
      const keys = loginThrottleKeys(request.body.email, request.ip, deviceId);
      await assertNotThrottled(db, keys, now);
      const user = await findUserByEmail(db, request.body.email);
      const valid = await verifyPassword(
        request.body.password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!user || !valid) {
        await recordFailure(db, keys, now);
        throw new DomainError("UNAUTHENTICATED", message("auth.wrongCredentials"));
      }
      await clearFailures(db, keys);
      const token = await issueToken(db, user.id, now);
      setSessionCookies(reply, token);
      reply.setCookie(DEVICE_COOKIE, deviceCookieValue(user.email, secret, deviceId ?? undefined), {
        path: "/api/auth",
        sameSite: "lax",
        secure,
        httpOnly: true,
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
      return { user: presentUser(user), token };
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign out: the token or session in use stops working",
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.auth) await db.delete(authTokens).where(eq(authTokens.id, request.auth.tokenId));
      else {
        const cookie = request.cookies[SESSION_COOKIE];
        if (cookie) await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash(cookie)));
      }
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      reply.clearCookie(CSRF_COOKIE, { path: "/" });
      return reply.status(204).send(null);
    },
  );
}
