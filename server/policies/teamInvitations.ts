import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

interface Invitee {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
}

interface InvitationState {
  acceptedAt: Date | null;
  declinedAt: Date | null;
  expiresAt: Date;
}

/**
 * Refuses (FORBIDDEN) an invitation sent by an account whose address is unverified: its mails
 * would go to strangers from an unproven sender, and whoever it brings in would stay in the team
 * after the address's owner takes the account over.
 */
export function assertCanInvite(inviter: { emailVerifiedAt: Date | null } | null): void {
  if (inviter?.emailVerifiedAt == null) {
    throw new DomainError("FORBIDDEN", message("account.verifyEmailFirst"));
  }
}

/**
 * Whether `user` may answer an invitation from the dashboard, without the mailed link: only
 * with a verified address, the invited one, or as the account that address belonged to when
 * invited (it may have changed its address since). Sign-up alone proves no address.
 */
export function canAnswerInDashboard(
  user: Invitee,
  invitation: { email: string; inviteeId: string | null },
): boolean {
  if (user.emailVerifiedAt === null) return false;
  return (
    invitation.inviteeId === user.id || invitation.email.toLowerCase() === user.email.toLowerCase()
  );
}

/**
 * Whether `user` may accept: the invited address, or the account it belonged to when invited.
 * (The mailed link proves the address, so a verified one is not needed here.)
 */
export function canAcceptInvitation(
  user: { id: string; email: string },
  invitation: { email: string; inviteeId: string | null },
): boolean {
  return (
    user.email.toLowerCase() === invitation.email.toLowerCase() || invitation.inviteeId === user.id
  );
}

/** An invitation is answered once, before it expires. */
export function isAnswerable(invitation: InvitationState, now: Date): boolean {
  return !invitation.acceptedAt && !invitation.declinedAt && invitation.expiresAt > now;
}

/** The invitation when it can still be answered; GONE for none, an answered or expired one. */
export function assertAnswerable<T extends InvitationState>(invitation: T | null, now: Date): T {
  if (invitation === null || !isAnswerable(invitation, now)) {
    throw new DomainError("GONE", message("teams.invitationGone"));
  }
  return invitation;
}

/** Refuses (NOT_FOUND) a dashboard answer by anyone canAnswerInDashboard does not let through. */
export function assertCanAnswerInDashboard<T extends { email: string; inviteeId: string | null }>(
  user: Invitee | null,
  invitation: T | null,
): T {
  if (invitation === null || user === null || !canAnswerInDashboard(user, invitation)) {
    throw new DomainError("NOT_FOUND", message("teams.invitationNotFound"));
  }
  return invitation;
}

/** Refuses (FORBIDDEN) an acceptance by an account the invitation was not sent to. */
export function assertCanAcceptInvitation(
  user: { id: string; email: string },
  invitation: { email: string; inviteeId: string | null },
): void {
  if (!canAcceptInvitation(user, invitation)) {
    throw new DomainError("FORBIDDEN", message("teams.invitationOtherEmail"));
  }
}
