import { DAY_MS } from "../../core/time/durations";
import { lockCaller } from "../auth/credentials";
import { newSecret, tokenHash } from "../auth/secrets";
import { type ApiTokenRow, countApiTokens } from "../data/apiTokens";
import type { Db } from "../db/database";
import { authTokens } from "../db/schema";
import { assertCanCreateApiToken } from "../policies/tokens";

/**
 * Creates an API token for the caller that expires `expiresInDays` after `now`; answers its
 * row and the secret, which is stored only as a SHA-256. The count and the insert run with the
 * account locked, so two requests at once cannot pass MAX_API_TOKENS together. Throws
 * FORBIDDEN while the caller's address is unverified, CONFLICT past MAX_API_TOKENS, and
 * UNAUTHENTICATED when the caller's token ended meanwhile.
 */
export async function apiTokenCreator(
  db: Db,
  caller: { userId: string; tokenId: string },
  input: { name: string; expiresInDays: number },
  now: Date,
): Promise<{ row: ApiTokenRow; token: string }> {
  const token = newSecret();
  const row = await db.transaction(async (tx) => {
    const { emailVerifiedAt } = await lockCaller(tx, caller);
    assertCanCreateApiToken({ emailVerifiedAt, held: await countApiTokens(tx, caller.userId) });
    const [inserted] = await tx
      .insert(authTokens)
      .values({
        userId: caller.userId,
        kind: "api",
        name: input.name,
        tokenHash: tokenHash(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning();
    if (!inserted) throw new Error("insert returned no token");
    return inserted;
  });
  return { row, token };
}
