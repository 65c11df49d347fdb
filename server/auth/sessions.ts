import type { Db, Tx } from "../db/database";
import { authTokens } from "../db/schema";
import { newSecret, tokenHash } from "./secrets";

export const SESSION_DAYS = 30;

/** Issues a session token for `userId`; only its hash is stored. Returns the token itself. */
export async function issueToken(db: Db | Tx, userId: string, now: Date): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({
    userId,
    tokenHash: tokenHash(token),
    kind: "session",
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  return token;
}
