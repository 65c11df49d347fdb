import type { Db, Tx } from "../db/database";
import { authTokens } from "../db/schema";
import { newSecret, tokenHash } from "./secrets";

export const SESSION_DAYS = 30;

/** Issues a token for `userId`; only its hash is stored. Returns the token itself. */
export async function issueToken(
  db: Db | Tx,
  userId: string,
  now: Date,
  kind: "session" | "api" = "session",
): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({
    userId,
    tokenHash: tokenHash(token),
    kind,
    expiresAt: kind === "session" ? new Date(now.getTime() + SESSION_DAYS * 86_400_000) : null,
  });
  return token;
}
