import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CalendarSourceError } from "../calendarSource";
import { googleApi, googleAuthorizeUrl } from "./googleClient";

// A server answering the statuses queued, then 200: Google having a bad moment.
const queued: number[] = [];
let seen = 0;
const server = createServer((_request, response) => {
  seen++;
  const status = queued.shift() ?? 200;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(status === 200 ? JSON.stringify({ ok: true }) : "{}");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise((resolve) => server.close(resolve)));
const config = {
  clientId: "c",
  clientSecret: "s",
  oauthUrl: null,
  apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
};
const call = (delays: number[]) =>
  googleApi(config, "token", { method: "GET", path: "/x" }, z.object({ ok: z.boolean() }), delays);

describe("googleApi", () => {
  it("tries a 429 or 5xx again after each backoff step, and answers the call once it works", async () => {
    queued.push(429, 503, 500);
    seen = 0;
    expect(await call([1, 2, 4])).toEqual({ status: 200, body: { ok: true } });
    expect(seen).toBe(4);
  });

  it("gives up when the backoff steps are used up, as a server failure to retry later", async () => {
    queued.push(503, 503, 503);
    seen = 0;
    await expect(call([1, 1])).rejects.toBeInstanceOf(CalendarSourceError);
    expect(seen).toBe(3);
    queued.length = 0;
  });

  it("does not retry what retrying cannot fix", async () => {
    queued.push(403);
    seen = 0;
    await expect(call([1, 1])).rejects.toMatchObject({ reason: "AUTH_FAILED" });
    expect(seen).toBe(1);
  });
});

describe("googleAuthorizeUrl", () => {
  it("goes to Google's consent page when no other is set", () => {
    const url = new URL(
      googleAuthorizeUrl(config, {
        redirectUri: "https://a.example/cb",
        state: "s",
        challenge: "c",
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("prompt")).toBe("consent");
  });
});
