import { eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { type InvitationRow, invitationByToken, mayAnswerInDashboard } from "../data/teams";
import { findUserById } from "../data/users";
import type { Db, Tx } from "../db/database";
import { teamInvitations, teamMembers } from "../db/schema";
import { applyLockedColors } from "./teamWriter";

/** Which invitation: by the mailed link's token, or by id from the invitee's dashboard. */
export type InvitationRef = { token: string } | { invitationId: string };

const linkGone = () =>
  new DomainError(
    "GONE",
    "This invitation is invalid, answered or expired. Please ask for a new one.",
  );

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
 * invited address; by id only a verified owner of it (see mayAnswerInDashboard). A decline by token
 * needs no account. Throws NOT_FOUND for someone else's invitation, FORBIDDEN for the wrong
 * account, GONE for an unknown, answered or expired one. Returns the team's id.
 */
export async function teamInvitationAnswerer(
  db: Db,
  userId: string | null,
  ref: InvitationRef,
  answer: "accept" | "decline",
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const invitation = await lockedInvitation(tx, ref);
    const user = userId === null ? null : await findUserById(tx, userId);
    if ("invitationId" in ref) {
      if (!invitation || !user || !mayAnswerInDashboard(user, invitation)) {
        throw new DomainError("NOT_FOUND", "Invitation not found.");
      }
    } else if (!invitation) {
      throw linkGone();
    }
    if (invitation.acceptedAt || invitation.declinedAt || invitation.expiresAt <= now) {
      throw linkGone();
    }
    if (answer === "decline") {
      await tx
        .update(teamInvitations)
        .set({ declinedAt: now })
        .where(eq(teamInvitations.id, invitation.id));
      return invitation.teamId;
    }
    if (!user) throw new DomainError("UNAUTHENTICATED", "Please sign in.");
    if (
      user.email.toLowerCase() !== invitation.email.toLowerCase() &&
      invitation.inviteeId !== user.id
    ) {
      throw new DomainError(
        "FORBIDDEN",
        "This invitation was sent to another email address. Sign in with that address to accept it.",
      );
    }
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
