import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { Db } from "../db/database";
import { idempotencyKeys } from "../db/schema";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** How long an answer is kept for replay; an older key may be used afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface Claim {
  scope: string;
  key: string;
  fingerprint: string;
}

/** What is kept per key: the request's fingerprint and, once answered, the body as sent. */
interface Stored {
  fingerprint: string;
  /** The serialized body, byte for byte (jsonb would reorder an object's keys). */
  body?: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();

function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]))
    .digest("base64url");
}

/**
 * Route hooks that make a write replayable with an `Idempotency-Key` header: the first request
 * with a key claims it (a row in idempotency_keys, scoped by endpoint and signed-in user) before
 * the handler runs, and its answer (status and body as sent, errors included, 5xx excepted) is
 * stored; a retry gets that answer again and never runs the handler twice. While the first is
 * still running a retry gets 409; the same key with another body gets 422. A claim left by a
 * crashed process stays until it expires, so a retry can never make a second booking.
 */
export function idempotent(db: Db, clock: () => Date, endpoint: string) {
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== "string" || !KEY_PATTERN.test(key)) {
      const reason = message("booking.idempotencyKeyFormat");
      throw new DomainError("VALIDATION", reason, { "Idempotency-Key": [reason] });
    }
    const scope = request.auth ? `${endpoint} ${request.auth.userId}` : endpoint;
    const fingerprint = fingerprintOf(request);
    const now = clock();
    const response: Stored = { fingerprint };
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, statusCode: null, response, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      // An expired key is taken over in place, atomically, by exactly one request.
      const renewed = await db
        .update(idempotencyKeys)
        .set({ statusCode: null, response, createdAt: now })
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (renewed.length === 0) return replay(scope, key, fingerprint, reply);
    }
    claims.set(request, { scope, key, fingerprint });
  }

  async function replay(scope: string, key: string, fingerprint: string, reply: FastifyReply) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    const stored = row?.response as Stored | undefined;
    if (!row || !stored || stored.fingerprint !== fingerprint) {
      const reason = message("booking.idempotencyKeyReused");
      throw new DomainError("VALIDATION", reason, { "Idempotency-Key": [reason] });
    }
    if (row.statusCode === null) {
      throw new DomainError("CONFLICT", message("booking.idempotencyKeyInProgress"));
    }
    reply
      .status(row.statusCode)
      .header("idempotent-replayed", "true")
      .type("application/json; charset=utf-8");
    return reply.send(stored.body ?? "");
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500 || typeof payload !== "string") {
      // Nothing reliable to replay: let a retry run again.
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const stored: Stored = { fingerprint: claim.fingerprint, body: payload };
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, response: stored })
      .where(where);
    return payload;
  }

  return { preHandler, onSend };
}
