import { and, count, eq, gt } from "drizzle-orm";
import { CALENDAR_CONNECTIONS_MAX, type OAuthFailure } from "../../core/api/calendarConnections";
import { safeEqual, tokenHash } from "../auth/secrets";
import { CalendarSourceError, type DiscoveredCalendar } from "../calendars/calendarSource";
import {
  exchangeGoogleCode,
  GoogleGrantError,
  type GoogleTokens,
  googleRedirectUri,
} from "../calendars/google/googleClient";
import { googleSource } from "../calendars/google/googleSource";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import { openSecret, sealSecret } from "../crypto/credentialBox";
import { calendarConnections, connectedCalendars, oauthStates } from "../db/schema";

export type GoogleCallbackOutcome =
  | { ok: true; connectionId: string }
  | { ok: false; failure: OAuthFailure };

/** What Google's redirect brought back: a code, or an error (the host declined). */
export interface GoogleCallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * Finishes connecting a Google account when Google sends the host back: the `state` must be
 * one this session started and not lapsed (compared in constant time, used once); the code is
 * traded for tokens with the PKCE verifier; the account's calendars are listed (those it owns
 * count as busy, its primary one receives bookings) and the tokens stored sealed under
 * ENCRYPTION_KEY. The same account connected before is reconnected in place (new tokens, its
 * failure cleared, its calendar choices kept). Then its busy time is read once. Never throws
 * for what Google or the host did: the outcome says why it failed (DENIED, EXPIRED, FAILED).
 */
export async function googleConnectionCreator(
  context: SyncContext,
  caller: { userId: string; tokenId: string },
  query: GoogleCallbackQuery,
): Promise<GoogleCallbackOutcome> {
  const { db, now } = context;
  const google = context.google ?? null;
  if (query.state === undefined || google === null) return { ok: false, failure: "EXPIRED" };
  const sentHash = tokenHash(query.state);
  const pending = await db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.tokenId, caller.tokenId),
        eq(oauthStates.userId, caller.userId),
        gt(oauthStates.expiresAt, now),
      ),
    );
  // Every pending state of this session is looked at, each compared in constant time.
  let match: (typeof pending)[number] | undefined;
  for (const row of pending) if (safeEqual(row.stateHash, sentHash)) match = row;
  if (match === undefined) return { ok: false, failure: "EXPIRED" };
  const taken = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, match.stateHash))
    .returning({ stateHash: oauthStates.stateHash });
  if (taken.length === 0) return { ok: false, failure: "EXPIRED" };
  if (query.error !== undefined || query.code === undefined) {
    return { ok: false, failure: "DENIED" };
  }

  let tokens: GoogleTokens;
  let calendars: DiscoveredCalendar[];
  const googleContext = {
    google,
    db,
    encryptionKey: context.encryptionKey,
    clock: () => now,
  };
  try {
    tokens = await exchangeGoogleCode(
      google,
      {
        code: query.code,
        verifier: openSecret(context.encryptionKey, match.verifier, caller.userId),
        redirectUri: googleRedirectUri(context.publicUrl),
      },
      now,
    );
    const sealed = sealSecret(context.encryptionKey, JSON.stringify(tokens), caller.userId);
    // The token is fresh, so nothing is refreshed (and written) before the row exists.
    calendars = await googleSource(googleContext, {
      id: "",
      userId: caller.userId,
      secret: sealed,
    }).discover();
  } catch (error) {
    if (error instanceof GoogleGrantError || error instanceof CalendarSourceError) {
      return { ok: false, failure: "FAILED" };
    }
    throw error;
  }
  const owned = calendars.filter((calendar) => !calendar.readOnly);
  const primary = owned[0];
  if (primary === undefined) return { ok: false, failure: "FAILED" };
  // The primary calendar's id is the account's address.
  const account = primary.url;
  const secret = sealSecret(context.encryptionKey, JSON.stringify(tokens), caller.userId);

  const outcome = await db.transaction(async (tx): Promise<GoogleCallbackOutcome> => {
    const [existing] = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, caller.userId),
          eq(calendarConnections.provider, "GOOGLE"),
          eq(calendarConnections.username, account),
        ),
      )
      .for("update");
    if (existing !== undefined) {
      await tx
        .update(calendarConnections)
        .set({ secret, failingSince: null, lastError: null, nextSyncAt: now })
        .where(eq(calendarConnections.id, existing.id));
      return { ok: true, connectionId: existing.id };
    }
    const [total] = await tx
      .select({ n: count() })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, caller.userId));
    if ((total?.n ?? 0) >= CALENDAR_CONNECTIONS_MAX) return { ok: false, failure: "FAILED" };
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: caller.userId,
        provider: "GOOGLE",
        name: `Google · ${account}`.slice(0, 100),
        serverUrl: "https://calendar.google.com",
        username: account,
        secret,
        nextSyncAt: now,
        createdAt: now,
      })
      .returning({ id: calendarConnections.id });
    await tx.insert(connectedCalendars).values(
      calendars.map((calendar) => ({
        connectionId: row!.id,
        url: calendar.url,
        name: calendar.name.slice(0, 200),
        timeZone: calendar.timeZone,
        // Calendars the account owns block; subscribed ones (holidays, colleagues) only if ticked.
        busy: !calendar.readOnly,
        writeTarget: calendar === primary,
        readOnly: calendar.readOnly,
      })),
    );
    return { ok: true, connectionId: row!.id };
  });
  if (outcome.ok) await syncConnection(context, outcome.connectionId);
  return outcome;
}
