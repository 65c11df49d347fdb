import { and, count, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { authTokens } from "../db/schema";

export type ApiTokenRow = typeof authTokens.$inferSelect;

const apiTokensOf = (userId: string) =>
  and(eq(authTokens.userId, userId), eq(authTokens.kind, "api"));

/** `userId`'s API tokens, newest first, the expired ones included until they are revoked. */
export async function listApiTokens(db: Db | Tx, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(authTokens)
    .where(apiTokensOf(userId))
    .orderBy(desc(authTokens.createdAt));
}

/** How many API tokens `userId` holds, expired ones included. */
export async function countApiTokens(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(authTokens).where(apiTokensOf(userId));
  return row?.n ?? 0;
}

/** The owner and kind of the token `id`, for the revoke policy; null when there is none. */
export async function findTokenOwner(
  db: Db | Tx,
  id: string,
): Promise<{ userId: string; kind: string } | null> {
  const [row] = await db
    .select({ userId: authTokens.userId, kind: authTokens.kind })
    .from(authTokens)
    .where(eq(authTokens.id, id))
    .limit(1);
  return row ?? null;
}
