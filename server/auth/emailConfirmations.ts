import { and, eq, isNull } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { Db, Tx } from "../db/database";
import { emailConfirmations } from "../db/schema";
import { newSecret, safeEqual, tokenHash } from "./secrets";

export type EmailConfirmationKind = "verify" | "change";
export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;

/** How long a mailed confirmation link works. */
export const CONFIRMATION_HOURS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const confirmationLinkGone = () => new DomainError("GONE", message("account.linkInvalid"));

/**
 * Stores a single-use link for `email` and returns its token, `id.secret`: the row is found
 * by its id and the secret compared in constant time with the stored hash, so neither the
 * lookup nor the comparison tells an attacker how close a guess came.
 */
export async function issueEmailConfirmation(
  db: Db | Tx,
  link: { userId: string; kind: EmailConfirmationKind; email: string },
  now: Date,
): Promise<string> {
  const secret = newSecret();
  const [row] = await db
    .insert(emailConfirmations)
    .values({
      ...link,
      tokenHash: tokenHash(secret),
      expiresAt: new Date(now.getTime() + CONFIRMATION_HOURS * 3_600_000),
      createdAt: now,
    })
    .returning({ id: emailConfirmations.id });
  if (!row) throw new Error("insert returned no confirmation");
  return `${row.id}.${secret}`;
}

/**
 * Uses up the link `token` of `kind` and returns it; throws GONE for a malformed, unknown,
 * used or expired token. Call it inside the transaction that acts on the link, so a failure
 * after it leaves the link unused.
 */
export async function consumeEmailConfirmation(
  tx: Tx,
  token: string,
  kind: EmailConfirmationKind,
  now: Date,
): Promise<EmailConfirmationRow> {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(id) || secret.length === 0) throw confirmationLinkGone();
  const [row] = await tx
    .select()
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.id, id), eq(emailConfirmations.kind, kind)))
    .limit(1);
  if (
    !row ||
    !safeEqual(row.tokenHash, tokenHash(secret)) ||
    row.usedAt !== null ||
    row.expiresAt.getTime() <= now.getTime()
  ) {
    throw confirmationLinkGone();
  }
  // The condition on used_at makes the link single use even when two requests race for it.
  const [used] = await tx
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmations.id, id), isNull(emailConfirmations.usedAt)))
    .returning({ id: emailConfirmations.id });
  if (!used) throw confirmationLinkGone();
  return row;
}

/** Turns off every unused link of `kind` of the user: only the newest one should work. */
export async function revokeEmailConfirmations(
  db: Db | Tx,
  userId: string,
  kind: EmailConfirmationKind,
  now: Date,
): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        eq(emailConfirmations.kind, kind),
        isNull(emailConfirmations.usedAt),
      ),
    );
}
