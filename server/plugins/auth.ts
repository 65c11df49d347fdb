import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { csrfTokenFor, safeEqual, tokenHash } from "../auth/secrets";
import type { Db } from "../db/database";
import { authTokens, users } from "../db/schema";

export const SESSION_COOKIE = "slotted_session";
export const CSRF_COOKIE = "slotted_csrf";
export const CSRF_HEADER = "x-csrf-token";

export interface Authenticated {
  userId: string;
  tokenId: string;
  via: "bearer" | "cookie";
}

declare module "fastify" {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How stale an API token's `lastUsedAt` may be: one write a minute per token, not one a call. */
export const LAST_USE_PRECISION_MS = 60_000;

async function findToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      userId: users.id,
      kind: authTokens.kind,
      lastUsedAt: authTokens.lastUsedAt,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash(token)), gt(authTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Records that an API token was used, unless it was within the last LAST_USE_PRECISION_MS. */
async function recordUse(db: Db, tokenId: string, lastUsedAt: Date | null, now: Date) {
  const staleBefore = new Date(now.getTime() - LAST_USE_PRECISION_MS);
  if (lastUsedAt !== null && lastUsedAt > staleBefore) return;
  // The condition again in SQL: of concurrent calls that all read a stale value, one writes.
  await db
    .update(authTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(authTokens.id, tokenId),
        or(isNull(authTokens.lastUsedAt), lte(authTokens.lastUsedAt, staleBefore)),
      ),
    );
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new DomainError("UNAUTHENTICATED", message("auth.bearerHeader"));
  return match[1];
}

/**
 * Resolves the caller from a bearer token or the session cookie. Cookie-authenticated writes
 * must echo the CSRF token (double-submit, bound to the session by HMAC).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; sessionSecret: string; clock: () => Date }) => {
    app.decorateRequest("auth", null);
    app.addHook("preHandler", async (request) => {
      const bearer = bearerToken(request);
      const cookie = bearer === null ? request.cookies[SESSION_COOKIE] : undefined;
      const token = bearer ?? cookie;
      if (!token) return;
      const now = options.clock();
      const found = await findToken(options.db, token, now);
      if (!found) {
        if (bearer !== null) throw new DomainError("UNAUTHENTICATED", message("auth.invalidToken"));
        return; // a stale cookie is the same as none
      }
      if (bearer === null && !SAFE_METHODS.has(request.method)) {
        const sent = request.headers[CSRF_HEADER];
        const expected = csrfTokenFor(token, options.sessionSecret);
        if (typeof sent !== "string" || !safeEqual(sent, expected)) {
          throw new DomainError("FORBIDDEN", message("auth.csrf"));
        }
      }
      if (found.kind === "api") await recordUse(options.db, found.tokenId, found.lastUsedAt, now);
      request.auth = {
        userId: found.userId,
        tokenId: found.tokenId,
        via: bearer === null ? "cookie" : "bearer",
      };
    });
  },
);

/** The signed-in user's id; throws UNAUTHENTICATED when there is none. */
export function requireUserId(request: FastifyRequest): string {
  return requireAuth(request).userId;
}

/** The caller's user and the token they came with; throws UNAUTHENTICATED when there is none. */
export function requireAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  return request.auth;
}
