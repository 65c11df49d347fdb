import { and, eq, isNull, ne, or } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { deleteWebhooksWhere } from "../data/webhooks";
import type { Tx } from "../db/database";
import {
  authTokens,
  bookingFeeds,
  calendarConnections,
  passwordResets,
  teamInvitations,
  users,
  webhooks,
} from "../db/schema";
import { revokeEmailConfirmations } from "./emailConfirmations";

/**
 * Ends every way into the account that is not its password: sessions and API tokens (all but
 * `keepTokenId`, the session changing the password), the private booking feed, unused reset
 * links and pending email changes. Call it in the transaction that sets the new password: a
 * reset is how an address's owner takes back an account someone else signed up with, and
 * whatever that someone made must not outlive it.
 */
export async function endCredentials(
  tx: Tx,
  userId: string,
  now: Date,
  keepTokenId: string | null = null,
): Promise<void> {
  await tx
    .delete(authTokens)
    .where(
      keepTokenId === null
        ? eq(authTokens.userId, userId)
        : and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)),
    );
  await tx.delete(bookingFeeds).where(eq(bookingFeeds.userId, userId));
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await revokeEmailConfirmations(tx, userId, "change", now);
}

/**
 * Removes what an account set up to send its data elsewhere while its address was unproven:
 * webhook subscriptions it owns or made for a team, calendar connections (a CalDAV calendar
 * receives its bookings), and team invitations it sent that nobody answered yet. Call it in the
 * transaction of a password reset of an account that was not verified: whoever set these up
 * never proved the address, and they would go on leaking its owner's data after the takeover.
 * Rows cascade: deliveries, connected calendars, busy time and calendar writes go with them.
 */
export async function endUnprovenIntegrations(tx: Tx, userId: string): Promise<void> {
  await deleteWebhooksWhere(tx, or(eq(webhooks.userId, userId), eq(webhooks.createdBy, userId))!);
  await tx.delete(calendarConnections).where(eq(calendarConnections.userId, userId));
  await tx
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.invitedBy, userId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.declinedAt),
      ),
    );
}

/**
 * Locks the account of the caller for the rest of `tx` and answers what the policies need;
 * throws UNAUTHENTICATED when the caller's token ended since the request was authenticated. A
 * command that makes a new credential calls it first: a password reset updates the same row,
 * so the two run one after the other and a token or feed made by a signed-out session cannot
 * slip in after the reset ended the others.
 */
export async function lockCaller(
  tx: Tx,
  caller: { userId: string; tokenId: string },
): Promise<{ emailVerifiedAt: Date | null }> {
  const [user] = await tx
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, caller.userId))
    .for("update");
  const [token] = await tx
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.id, caller.tokenId), eq(authTokens.userId, caller.userId)));
  if (!user || !token) throw new DomainError("UNAUTHENTICATED", message("auth.signIn"));
  return user;
}
