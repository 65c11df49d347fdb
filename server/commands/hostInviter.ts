import { and, isNull, sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { hostInvitationToken } from "../accounts/signupInvitation";
import { newSecret, tokenHash } from "../auth/secrets";
import { findUserByEmail, findUserById } from "../data/users";
import type { Db } from "../db/database";
import { hostInvitations } from "../db/schema";
import { enqueueMails } from "../mail/outbox";
import { assertInstanceOwner } from "../policies/hostInvitations";
import { takeRateLimit } from "../verification/rateLimit";

/** How long a mailed host invitation works. */
export const HOST_INVITATION_DAYS = 7;
/** Invitations the owner sends per hour; more would make Slotted a mailer for strangers. */
export const HOST_INVITATIONS_PER_HOUR = 50;

export interface SentHostInvitation {
  id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  /** The mailed sign-up link (its token is kept only as a hash). */
  url: string;
}

/**
 * The instance's owner invites an address to sign up as a host: stores the invitation with a
 * hashed, single-use, expiring token and writes the mail with its sign-up link (bound to the
 * address) to the outbox in the same transaction. A new invitation to the same address replaces
 * the unanswered one. Throws FORBIDDEN for anyone but the owner, VALIDATION when the address
 * has an account already, RATE_LIMITED past HOST_INVITATIONS_PER_HOUR.
 */
export async function hostInviter(
  db: Db,
  userId: string,
  input: { email: string; language: string },
  publicUrl: string,
  now: Date,
): Promise<SentHostInvitation> {
  const owner = await findUserById(db, userId);
  assertInstanceOwner(owner);
  await takeRateLimit(db, `host-invitations:${userId}`, HOST_INVITATIONS_PER_HOUR, 3_600_000, now);
  // Only the owner asks, and they may see every account of their instance anyway.
  if (await findUserByEmail(db, input.email)) {
    throw new DomainError("VALIDATION", message("hosts.hasAccount"), {
      email: [message("hosts.hasAccount")],
    });
  }
  const secret = newSecret();
  const expiresAt = new Date(now.getTime() + HOST_INVITATION_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    await tx
      .delete(hostInvitations)
      .where(
        and(
          sql`lower(${hostInvitations.email}) = lower(${input.email})`,
          isNull(hostInvitations.acceptedAt),
        ),
      );
    const [invitation] = await tx
      .insert(hostInvitations)
      .values({
        email: input.email,
        invitedBy: userId,
        tokenHash: tokenHash(secret),
        expiresAt,
        createdAt: now,
      })
      .returning();
    const token = hostInvitationToken(invitation!.id, secret);
    const url = `${publicUrl}/?${new URLSearchParams({ invitation: token })}`;
    await enqueueMails(
      tx,
      [
        {
          template: "hostInvitation",
          to: { email: input.email },
          language: input.language,
          data: {
            inviterName: owner!.name,
            url,
            days: HOST_INVITATION_DAYS,
          },
        },
      ],
      now,
    );
    const { id, email, createdAt } = invitation!;
    return { id, email, createdAt, expiresAt, url };
  });
}
