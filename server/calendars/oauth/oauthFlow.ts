import { createHash } from "node:crypto";
import { and, count, eq, gt, lte } from "drizzle-orm";
import { CALENDAR_CONNECTIONS_MAX, type OAuthFailure } from "../../../core/api/calendarConnections";
import { newSecret, safeEqual, tokenHash } from "../../auth/secrets";
import { openSecret, sealSecret } from "../../crypto/credentialBox";
import type { Db } from "../../db/database";
import { calendarConnections, connectedCalendars, oauthStates } from "../../db/schema";
import type { DiscoveredCalendar } from "../calendarSource";

/**
 * The steps every OAuth connection (Google, Microsoft, Zoom) takes alike: a `state` bound to
 * the session with a PKCE verifier when it starts, that state taken once when the provider
 * sends the host back, and the account's calendars stored (reconnected in place when the same
 * account comes again).
 */

/** How long the host has to answer the provider's consent page. */
export const OAUTH_STATE_TTL_MS = 15 * 60_000;

export type OAuthStateProvider = (typeof oauthStates.$inferInsert)["provider"];

/**
 * A fresh `state` (kept as its SHA-256, bound to the caller's session `tokenId`) and PKCE code
 * verifier (kept sealed) for `provider`: the state and the S256 challenge to send.
 */
export async function createOAuthState(
  db: Db,
  encryptionKey: Buffer,
  caller: { userId: string; tokenId: string },
  provider: OAuthStateProvider,
  now: Date,
): Promise<{ state: string; challenge: string }> {
  const state = newSecret(32);
  const verifier = newSecret(48);
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  await db.transaction(async (tx) => {
    // Lapsed attempts of this session go; the others stay (two tabs may both be connecting).
    await tx
      .delete(oauthStates)
      .where(and(eq(oauthStates.tokenId, caller.tokenId), lte(oauthStates.expiresAt, now)));
    await tx.insert(oauthStates).values({
      stateHash: tokenHash(state),
      tokenId: caller.tokenId,
      userId: caller.userId,
      provider,
      verifier: sealSecret(encryptionKey, verifier, caller.userId),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    });
  });
  return { state, challenge };
}

/**
 * Takes (once) the pending state `sent` of this session and provider, unlapsed, compared in
 * constant time: its PKCE verifier, or null (unknown, lapsed, another session's, used).
 */
export async function takeOAuthState(
  db: Db,
  encryptionKey: Buffer,
  caller: { userId: string; tokenId: string },
  provider: OAuthStateProvider,
  sent: string,
  now: Date,
): Promise<string | null> {
  const sentHash = tokenHash(sent);
  const pending = await db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.tokenId, caller.tokenId),
        eq(oauthStates.userId, caller.userId),
        eq(oauthStates.provider, provider),
        gt(oauthStates.expiresAt, now),
      ),
    );
  // Every pending state of this session is looked at, each compared in constant time.
  let match: (typeof pending)[number] | undefined;
  for (const row of pending) if (safeEqual(row.stateHash, sentHash)) match = row;
  if (match === undefined) return null;
  const taken = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, match.stateHash))
    .returning({ stateHash: oauthStates.stateHash });
  if (taken.length === 0) return null;
  return openSecret(encryptionKey, match.verifier, caller.userId);
}

export type OAuthConnectOutcome =
  | { ok: true; connectionId: string }
  | { ok: false; failure: OAuthFailure };

/**
 * Stores an OAuth account: the same account (`provider`, `account`) connected before is
 * reconnected in place (new tokens, its failure cleared, its calendar choices kept); otherwise
 * a new connection with its calendars (those it owns busy, `primary` written into; Zoom has
 * none), within CALENDAR_CONNECTIONS_MAX.
 */
export async function storeOAuthConnection(
  db: Db,
  input: {
    userId: string;
    provider: OAuthStateProvider;
    account: string;
    name: string;
    serverUrl: string;
    secret: string;
    calendars: DiscoveredCalendar[];
    primary: DiscoveredCalendar | null;
    now: Date;
  },
): Promise<OAuthConnectOutcome> {
  const { now } = input;
  return db.transaction(async (tx): Promise<OAuthConnectOutcome> => {
    const [existing] = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, input.userId),
          eq(calendarConnections.provider, input.provider),
          eq(calendarConnections.username, input.account),
        ),
      )
      .for("update");
    if (existing !== undefined) {
      await tx
        .update(calendarConnections)
        .set({ secret: input.secret, failingSince: null, lastError: null, nextSyncAt: now })
        .where(eq(calendarConnections.id, existing.id));
      return { ok: true, connectionId: existing.id };
    }
    const [total] = await tx
      .select({ n: count() })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, input.userId));
    if ((total?.n ?? 0) >= CALENDAR_CONNECTIONS_MAX) return { ok: false, failure: "FAILED" };
    const [row] = await tx
      .insert(calendarConnections)
      .values({
        userId: input.userId,
        provider: input.provider,
        name: input.name.slice(0, 100),
        serverUrl: input.serverUrl,
        username: input.account,
        secret: input.secret,
        nextSyncAt: now,
        createdAt: now,
      })
      .returning({ id: calendarConnections.id });
    if (input.calendars.length === 0) return { ok: true, connectionId: row!.id };
    await tx.insert(connectedCalendars).values(
      input.calendars.map((calendar) => ({
        connectionId: row!.id,
        url: calendar.url,
        name: calendar.name.slice(0, 200),
        timeZone: calendar.timeZone,
        // Calendars the account owns block; subscribed ones (holidays, colleagues) only if ticked.
        busy: !calendar.readOnly,
        writeTarget: calendar === input.primary,
        readOnly: calendar.readOnly,
      })),
    );
    return { ok: true, connectionId: row!.id };
  });
}

/** What a provider's redirect brought back: a code, or an error (the host declined). */
export interface OAuthCallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * The first step of every OAuth callback: the `state` must be one this session started for
 * `provider`, unlapsed, used once (EXPIRED otherwise, or when the provider's app `config` is
 * not set up here), and the host must have allowed (DENIED). Resolves with the code, its PKCE
 * verifier and the app.
 */
export async function takeOAuthCallback<C>(
  db: Db,
  encryptionKey: Buffer,
  caller: { userId: string; tokenId: string },
  provider: OAuthStateProvider,
  input: { query: OAuthCallbackQuery; config: C | null; now: Date },
): Promise<
  { ok: true; code: string; verifier: string; config: C } | { ok: false; failure: OAuthFailure }
> {
  const { query, config } = input;
  if (query.state === undefined || config === null) return { ok: false, failure: "EXPIRED" };
  const verifier = await takeOAuthState(
    db,
    encryptionKey,
    caller,
    provider,
    query.state,
    input.now,
  );
  if (verifier === null) return { ok: false, failure: "EXPIRED" };
  if (query.error !== undefined || query.code === undefined) {
    return { ok: false, failure: "DENIED" };
  }
  return { ok: true, code: query.code, verifier, config };
}
