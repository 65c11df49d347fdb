import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { InvitationRow } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db, Tx } from "../db/database";
import { teamInvitations, teamMembers } from "../db/schema";
import {
  assertAnswerable,
  assertCanAcceptInvitation,
  assertCanAnswerInDashboard,
} from "../policies/teamInvitations";
import { invitationByToken } from "../teams/invitationTokens";
import { applyLockedColors } from "../teams/lockedColors";

/** Which invitation: by the mailed link's token, or by id from the invitee's dashboard. */
export type InvitationRef = { token: string } | { invitationId: string };

async function lockedInvitation(tx: Tx, ref: InvitationRef): Promise<InvitationRow | null> {
  if ("token" in ref) return invitationByToken(tx, ref.token, true);
  const [row] = await tx
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, ref.invitationId))
    .limit(1)
    .for("update");
  return row ?? null;
}

/**
 * Accepts or declines a team invitation, once. Accepting makes `userId` a member in the
 * invitation's role (and, while the team locks its colours, gives a plain member the team's).
 * By token (the mailed link, which proves the address) the signed-in account must use the
 * invited address; by id only a verified owner of it (see canAnswerInDashboard). A decline by
 * token needs no account. Throws NOT_FOUND for someone else's invitation, FORBIDDEN for the
 * wrong account, GONE for an unknown, answered or expired one. Returns the team's id.
 */
export async function teamInvitationAnswerer(
  db: Db,
  userId: string | null,
  ref: InvitationRef,
  answer: "accept" | "decline",
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const found = await lockedInvitation(tx, ref);
    const user = userId === null ? null : await findUserById(tx, userId);
    const invitation = assertAnswerable(
      "invitationId" in ref ? assertCanAnswerInDashboard(user, found) : found,
      now,
    );
    if (answer === "decline") {
      await tx
        .update(teamInvitations)
        .set({ declinedAt: now })
        .where(eq(teamInvitations.id, invitation.id));
      return invitation.teamId;
    }
    if (!user) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
    assertCanAcceptInvitation(user, invitation);
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now })
      .where(eq(teamInvitations.id, invitation.id));
    await tx
      .insert(teamMembers)
      .values({ teamId: invitation.teamId, userId: user.id, role: invitation.role })
      .onConflictDoNothing();
    await applyLockedColors(tx, invitation.teamId, [user.id]);
    return invitation.teamId;
  });
}
