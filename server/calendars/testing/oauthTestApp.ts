import { expect } from "vitest";
import type { Host } from "../../test/factories";
import type { TestApp } from "../../test/testApp";

/** A connection as the Calendars screen lists it. */
export interface ListedConnection {
  id: string;
  calendars: { id: string; name: string; url?: string; busy: boolean; writeTarget: boolean }[];
}

/**
 * What the Google, Microsoft and Zoom tests share: the host starts connecting `provider` as a
 * browser would, the double's consent page approves, the callback connects; resolves with the
 * listed connection.
 */
export async function connectOAuthAccount<T = ListedConnection>(
  t: TestApp,
  host: Host,
  provider: "google" | "microsoft" | "zoom",
  consent: (authorizeUrl: string) => string,
): Promise<T> {
  const started = await t.request({
    method: "POST",
    url: `/api/calendar-connections/${provider}/authorize`,
    headers: host.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { pathname, search } = new URL(consent(started.json().url));
  const answer = await t.request({ method: "GET", url: pathname + search, headers: host.headers });
  expect(answer.statusCode, answer.body).toBe(302);
  expect(new URL(answer.headers.location as string).searchParams.get("oauth")).toBe("connected");
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
