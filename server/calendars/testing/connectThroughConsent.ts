import { expect } from "vitest";
import type { Host } from "../../test/factories";
import type { TestApp } from "../../test/testApp";

/**
 * Connects `host` to an OAuth provider as a browser would: the authorize route of `path`
 * (`google`, `microsoft`, `zoom`), the double's consent page answered by `consent`, the callback
 * followed back. Resolves with the connection of `provider` as the list answers it.
 */
export async function connectThroughConsent<T>(
  t: TestApp,
  host: Host,
  path: string,
  consent: (authorizeUrl: string) => string,
  provider: string,
): Promise<T> {
  const started = await t.request({
    method: "POST",
    url: `/api/calendar-connections/${path}/authorize`,
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
  return list.json().connections.find((c: { provider: string }) => c.provider === provider);
}
