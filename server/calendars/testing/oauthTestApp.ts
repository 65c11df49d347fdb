import { expect } from "vitest";
import type { Host } from "../../test/factories";
import type { TestApp } from "../../test/testApp";

/** A connection as the Calendars screen lists it. */
export interface ListedConnection {
  id: string;
  calendars: { id: string; name: string; url?: string; busy: boolean; writeTarget: boolean }[];
}

type Provider = "google" | "microsoft" | "zoom";

/** The host starts connecting `provider` as a browser would: the provider's page to go to. */
export async function authorizeUrl(t: TestApp, host: Host, provider: Provider): Promise<string> {
  const started = await t.request({
    method: "POST",
    url: `/api/calendar-connections/${provider}/authorize`,
    headers: host.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().url;
}

/** The provider sends the host back to `callbackUrl`: the outcome the dashboard is told (`oauth`). */
export async function callbackOutcome(t: TestApp, host: Host, callbackUrl: string) {
  const { pathname, search } = new URL(callbackUrl);
  const answer = await t.request({ method: "GET", url: pathname + search, headers: host.headers });
  expect(answer.statusCode, answer.body).toBe(302);
  return new URL(answer.headers.location as string).searchParams.get("oauth");
}

/**
 * What the Google, Microsoft and Zoom tests share: the host starts connecting `provider` as a
 * browser would, the double's consent page approves, the callback connects; resolves with the
 * listed connection.
 */
export async function connectOAuthAccount<T = ListedConnection>(
  t: TestApp,
  host: Host,
  provider: Provider,
  consent: (authorizeUrl: string) => string,
): Promise<T> {
  const approved = consent(await authorizeUrl(t, host, provider));
  expect(await callbackOutcome(t, host, approved)).toBe("connected");
  const list = await t.request({
    method: "GET",
    url: "/api/calendar-connections",
    headers: host.headers,
  });
  return list
    .json()
    .connections.find((c: { provider: string }) => c.provider === provider.toUpperCase()) as T;
}

/** The host's "sync now". */
export function syncNow(t: TestApp, host: Host, id: string) {
  return t.request({
    method: "POST",
    url: `/api/calendar-connections/${id}/sync`,
    headers: host.headers,
  });
}

/** The query of the provider's redirect back to `callbackUrl`, as the callback route parses it. */
export function callbackQuery(callbackUrl: string) {
  const params = new URL(callbackUrl).searchParams;
  return {
    state: params.get("state") ?? undefined,
    code: params.get("code") ?? undefined,
    error: params.get("error") ?? undefined,
  };
}

/** What the OAuth commands are given besides their provider's settings: the test app's, at `now`. */
export function oauthCommandContext(t: TestApp, now: Date) {
  return {
    db: t.database.db,
    encryptionKey: t.deps.config.encryptionKey,
    allowPrivate: false,
    publicUrl: t.deps.config.publicUrl,
    now,
  };
}

/** The host turns on "cancel the booking when its event is deleted" for connection `id`: 200. */
export async function turnOnCancelOnDelete(t: TestApp, host: Host, id: string) {
  const on = await t.request({
    method: "PATCH",
    url: `/api/calendar-connections/${id}`,
    headers: host.headers,
    payload: { cancelOnDelete: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  return on;
}
