import { CalendarSourceError, type DiscoveredCalendar } from "../calendars/calendarSource";
import {
  exchangeGoogleCode,
  GoogleGrantError,
  type GoogleTokens,
  googleRedirectUri,
} from "../calendars/google/googleClient";
import { googleSource } from "../calendars/google/googleSource";
import {
  type OAuthConnectOutcome,
  storeOAuthConnection,
  takeOAuthState,
} from "../calendars/oauth/oauthFlow";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import { sealSecret } from "../crypto/credentialBox";

export type GoogleCallbackOutcome = OAuthConnectOutcome;

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
  const verifier = await takeOAuthState(
    db,
    context.encryptionKey,
    caller,
    "GOOGLE",
    query.state,
    now,
  );
  if (verifier === null) return { ok: false, failure: "EXPIRED" };
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
        verifier,
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

  const outcome = await storeOAuthConnection(db, {
    userId: caller.userId,
    provider: "GOOGLE",
    account,
    name: `Google · ${account}`,
    serverUrl: "https://calendar.google.com",
    secret,
    calendars,
    primary,
    now,
  });
  if (outcome.ok) await syncConnection(context, outcome.connectionId);
  return outcome;
}
