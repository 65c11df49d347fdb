import { CalendarSourceError, type DiscoveredCalendar } from "../calendars/calendarSource";
import {
  exchangeMicrosoftCode,
  microsoftRedirectUri,
} from "../calendars/microsoft/microsoftClient";
import { microsoftSource } from "../calendars/microsoft/microsoftSource";
import {
  type OAuthCallbackQuery,
  type OAuthConnectOutcome,
  storeOAuthConnection,
  takeOAuthCallback,
} from "../calendars/oauth/oauthFlow";
import { OAuthGrantError, type OAuthTokens } from "../calendars/oauth/oauthHttp";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import { sealSecret } from "../crypto/credentialBox";

/** What Microsoft's redirect brought back: a code, or an error (the host declined). */
export type MicrosoftCallbackQuery = OAuthCallbackQuery;

/**
 * Finishes connecting a Microsoft account when Microsoft sends the host back: the `state` must
 * be one this session started for Microsoft, unlapsed, used once; the code is traded for tokens
 * with the PKCE verifier; the account's calendars are listed (those it can edit count as busy,
 * its default one receives bookings; the default calendar's owner names the account) and the
 * tokens stored sealed under ENCRYPTION_KEY. The same account connected before is reconnected
 * in place. Then its busy time is read once. Never throws for what Microsoft or the host did:
 * the outcome says why it failed (DENIED, EXPIRED, FAILED).
 */
export async function microsoftConnectionCreator(
  context: SyncContext,
  caller: { userId: string; tokenId: string },
  query: MicrosoftCallbackQuery,
): Promise<OAuthConnectOutcome> {
  const { db, now } = context;
  const taken = await takeOAuthCallback(db, context.encryptionKey, caller, "MICROSOFT", {
    query,
    config: context.microsoft ?? null,
    now,
  });
  if (!taken.ok) return taken;
  const { code, verifier, config: microsoft } = taken;

  let tokens: OAuthTokens;
  let calendars: (DiscoveredCalendar & { owner?: string | null })[];
  try {
    tokens = await exchangeMicrosoftCode(
      microsoft,
      { code, verifier, redirectUri: microsoftRedirectUri(context.publicUrl) },
      now,
    );
    const sealed = sealSecret(context.encryptionKey, JSON.stringify(tokens), caller.userId);
    // The token is fresh, so nothing is refreshed (and written) before the row exists.
    calendars = await microsoftSource(
      { microsoft, db, encryptionKey: context.encryptionKey, clock: () => now },
      { id: "", userId: caller.userId, secret: sealed },
    ).discover();
  } catch (error) {
    if (error instanceof OAuthGrantError || error instanceof CalendarSourceError) {
      return { ok: false, failure: "FAILED" };
    }
    throw error;
  }
  const primary = calendars.find((calendar) => !calendar.readOnly);
  if (primary === undefined) return { ok: false, failure: "FAILED" };
  const account = calendars[0]?.owner ?? primary.owner ?? primary.url;
  const outcome = await storeOAuthConnection(db, {
    userId: caller.userId,
    provider: "MICROSOFT",
    account,
    name: `Microsoft · ${account}`,
    serverUrl: "https://outlook.office.com/calendar",
    secret: sealSecret(context.encryptionKey, JSON.stringify(tokens), caller.userId),
    calendars,
    primary,
    now,
  });
  if (outcome.ok) await syncConnection(context, outcome.connectionId);
  return outcome;
}
