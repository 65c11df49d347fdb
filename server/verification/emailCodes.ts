import { createHmac, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  CODE_EXPIRES_IN,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
} from "../../core/booking/bookingFormLimits";
import { DomainError } from "../../core/errors";
import { type Message, message } from "../../core/messages";
import { HOUR_MS } from "../../core/time/durations";
import { safeEqual } from "../auth/secrets";
import type { Db, Tx } from "../db/database";
import { emailCodes } from "../db/schema";
import { enqueueMails } from "../mail/outbox";
import { takeRateLimit } from "./rateLimit";

/** Codes one address may ask for per hour, and one client address. */
export const CODES_PER_EMAIL_PER_HOUR = 5;
export const CODES_PER_IP_PER_HOUR = 30;

/**
 * What the database keeps of a code: an HMAC under the server secret, bound to the address and
 * event type, so a leaked table does not give the 10^6 codes away to a quick brute force.
 */
function codeHash(secret: string, email: string, eventTypeId: string, code: string): string {
  return createHmac("sha256", secret).update(`${email}\n${eventTypeId}\n${code}`).digest("hex");
}

function invalid(reason: Message): DomainError {
  return new DomainError("VALIDATION", reason, { emailCode: [reason] });
}

/**
 * Sends a new 6-digit code to `email` for booking `eventType` (through the outbox). Refused
 * with RATE_LIMITED while the previous one's resend countdown runs, and past the hourly limits
 * per address and per client IP. Returns the countdown (CODE_EXPIRES_IN) in seconds.
 */
export async function sendEmailCode(
  db: Db,
  secret: string,
  request: {
    email: string;
    eventType: { id: string; title: string };
    language: string;
    ip: string;
  },
  now: Date,
): Promise<number> {
  const email = request.email.toLowerCase();
  const [latest] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(
      and(
        sql`lower(${emailCodes.email}) = ${email}`,
        eq(emailCodes.eventTypeId, request.eventType.id),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const waited = latest
    ? (now.getTime() - latest.createdAt.getTime()) / 1000
    : Number.POSITIVE_INFINITY;
  if (waited < CODE_EXPIRES_IN) {
    const seconds = Math.ceil(CODE_EXPIRES_IN - waited);
    throw new DomainError("RATE_LIMITED", message("emailCode.waitSeconds", { count: seconds }));
  }
  const tooMany = message("emailCode.tooMany");
  await takeRateLimit(
    db,
    `email-code:ip:${request.ip}`,
    CODES_PER_IP_PER_HOUR,
    HOUR_MS,
    now,
    tooMany,
  );
  await takeRateLimit(
    db,
    `email-code:email:${email}`,
    CODES_PER_EMAIL_PER_HOUR,
    HOUR_MS,
    now,
    tooMany,
  );

  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, "0");
  await db.transaction(async (tx) => {
    await tx.insert(emailCodes).values({
      email,
      eventTypeId: request.eventType.id,
      codeHash: codeHash(secret, email, request.eventType.id, code),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueMails(
      tx,
      [
        {
          template: "emailCode",
          to: { email },
          language: request.language,
          data: { code, minutes: EMAIL_CODE_TTL_MINUTES, title: request.eventType.title },
        },
      ],
      now,
    );
  });
  return CODE_EXPIRES_IN;
}

/**
 * Checks a code for booking `eventTypeId` as `email`: the newest unexpired, unused code, at most
 * EMAIL_CODE_MAX_ATTEMPTS tries, compared in constant time. Each try is counted before the
 * comparison in one atomic update, so parallel guesses cannot exceed the limit. Returns the
 * code's id, for `consumeEmailCode` in the booking's transaction. Throws VALIDATION (field
 * emailCode) when it is missing, wrong, expired or tried too often.
 */
export async function checkEmailCode(
  db: Db,
  secret: string,
  request: { email: string; eventTypeId: string; code: string | undefined },
  now: Date,
): Promise<string> {
  if (!request.code) throw invalid(message("emailCode.enterCode"));
  const email = request.email.toLowerCase();
  const newest = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        sql`lower(${emailCodes.email}) = ${email}`,
        eq(emailCodes.eventTypeId, request.eventTypeId),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const [tried] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, newest), lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS)))
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash });
  if (!tried) throw invalid(message("emailCode.expired"));
  const given = codeHash(secret, email, request.eventTypeId, request.code.trim());
  if (!safeEqual(given, tried.codeHash)) throw invalid(message("emailCode.wrongCode"));
  return tried.id;
}

/** Marks a checked code used, in the booking's transaction; throws VALIDATION if another request used it first. */
export async function consumeEmailCode(tx: Tx, codeId: string, now: Date): Promise<void> {
  const used = await tx
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) throw invalid(message("emailCode.used"));
}
