import { eq } from "drizzle-orm";
import { findTokenOwner } from "../data/apiTokens";
import type { Db } from "../db/database";
import { authTokens } from "../db/schema";
import { assertCanRevokeApiToken } from "../policies/tokens";

/** Revokes the caller's API token `id`; throws NOT_FOUND for any other token or none. */
export async function apiTokenRevoker(db: Db, userId: string, id: string): Promise<void> {
  assertCanRevokeApiToken(userId, await findTokenOwner(db, id));
  await db.delete(authTokens).where(eq(authTokens.id, id));
}
