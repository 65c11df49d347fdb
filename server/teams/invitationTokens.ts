import { safeEqual, tokenHash } from "../auth/secrets";
import { findInvitation, type InvitationRow } from "../data/teams";
import type { Db, Tx } from "../db/database";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token a mailed link carries: the invitation's id, so it is found by key, and its secret. */
export function invitationToken(invitationId: string, secret: string): string {
  return `${invitationId}.${secret}`;
}

/**
 * The invitation a mailed token names, when the token's secret matches its stored hash
 * (compared in constant time); null otherwise, whatever its state. `lock` holds the row for
 * the caller's transaction, so two answers to one invitation take turns.
 */
export async function invitationByToken(
  db: Db | Tx,
  token: string,
  lock = false,
): Promise<InvitationRow | null> {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(id) || secret.length === 0) return null;
  const row = await findInvitation(db, id, lock);
  if (!row || !safeEqual(tokenHash(secret), row.tokenHash)) return null;
  return row;
}
