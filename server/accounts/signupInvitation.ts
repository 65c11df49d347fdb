import { eq } from "drizzle-orm";
import { safeEqual, tokenHash } from "../auth/secrets";
import { findTeam } from "../data/teams";
import type { Db, Tx } from "../db/database";
import { hostInvitations } from "../db/schema";
import { invitationByToken } from "../teams/invitationTokens";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An open invitation a sign-up may come from: the owner's to host, or a team's. */
export type SignupInvitation =
  | { kind: "host"; id: string; email: string }
  | { kind: "team"; id: string; email: string; teamName: string };

/** The token a mailed host invitation carries: its id, so it is found by key, and its secret. */
export function hostInvitationToken(invitationId: string, secret: string): string {
  return `${invitationId}.${secret}`;
}

/**
 * The open invitation (unanswered, not expired at `now`) a mailed token names, when its secret
 * matches the stored hash (compared in constant time): a host invitation, else a team
 * invitation. Null otherwise, whatever the reason. `lock` holds a host invitation's row for the
 * caller's transaction, so two sign-ups from one link take turns.
 */
export async function signupInvitation(
  db: Db | Tx,
  token: string,
  now: Date,
  lock = false,
): Promise<SignupInvitation | null> {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(id) || secret.length === 0) return null;
  const query = db.select().from(hostInvitations).where(eq(hostInvitations.id, id)).limit(1);
  const [host] = lock ? await query.for("update") : await query;
  if (host) {
    const open = host.acceptedAt === null && host.expiresAt > now;
    return open && safeEqual(tokenHash(secret), host.tokenHash)
      ? { kind: "host", id: host.id, email: host.email }
      : null;
  }
  const team = await invitationByToken(db, token);
  if (!team || team.acceptedAt || team.declinedAt || team.expiresAt <= now) return null;
  const found = await findTeam(db, team.teamId);
  if (!found) return null;
  return { kind: "team", id: team.id, email: team.email, teamName: found.name };
}
