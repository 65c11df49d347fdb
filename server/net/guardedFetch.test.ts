import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { guardedFetch } from "./guardedFetch";
import { ISSUE_29_HOSTS, REFUSED_HOSTS } from "./testing/refusedHosts";

// Loopback servers that answer `/ok` and redirect `/to?url` to `url` (302): one on 127.0.0.2,
// which the redirect tests let through, one on 127.0.0.1, another origin.
const seen: { path: string; method: string; authorization: string | undefined }[] = [];
const handler = (request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? "/", "http://x");
  seen.push({
    path: url.pathname,
    method: request.method ?? "",
    authorization: request.headers.authorization,
  });
  if (url.pathname === "/to") {
    response.writeHead(Number(url.searchParams.get("status") ?? 302), {
      location: url.searchParams.get("url") ?? "/",
    });
    response.end();
    return;
  }
  response.writeHead(200, { "content-type": "text/plain", etag: '"v1"' });
  response.end(`hello ${request.method}`);
};
async function listen(address: string): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return `http://${address}:${(server.address() as { port: number }).port}`;
}
const origin = await listen("127.0.0.2");
const other = await listen("127.0.0.1");
const port = new URL(other).port;

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return (error as { cause?: { code?: string } } | null)?.cause?.code;
}

describe("guardedFetch", () => {
  const strict = guardedFetch({ allowPrivate: false });

  it("refuses loopback, private, link-local and metadata addresses, and names resolving to them", async () => {
    for (const url of [
      `${origin}/ok`,
      `${other}/ok`,
      `http://[::1]:${port}/ok`,
      "http://10.1.2.3/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:127.0.0.1]/",
      `http://localhost:${port}/ok`,
    ]) {
      expect(await refusal(strict(url)), url).toBe("EPRIVATE");
    }
    expect(seen).toEqual([]);
  });

  it("refuses every refused host form before connecting, IPv4 inside IPv6 included", async () => {
    for (const host of REFUSED_HOSTS) {
      const url = `http://${host}:${port}/ok`;
      expect(await refusal(strict(url)), url).toBe("EPRIVATE");
    }
    expect(seen).toEqual([]);
  });

  it("reaches the same addresses when private ones are allowed, answering like fetch", async () => {
    const open = guardedFetch({ allowPrivate: true });
    const response = await open(`${origin}/ok`, {
      method: "PROPFIND",
      headers: { authorization: "Basic abc" },
      body: "<x/>",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"v1"');
    expect(await response.text()).toBe("hello PROPFIND");
    expect(seen.at(-1)).toMatchObject({ path: "/ok", authorization: "Basic abc" });
  });

  // The first hop is let through (127.0.0.2 counts as public here); the redirect's is checked.
  const onlyThisLoopback = guardedFetch({
    allowPrivate: false,
    isRefused: (address) => address !== "127.0.0.2",
  });

  it("checks every redirect: a literal private address or a name resolving to one is refused", async () => {
    const to = (url: string) => `${origin}/to?url=${encodeURIComponent(url)}`;
    expect(await refusal(onlyThisLoopback(to("http://169.254.169.254/latest/")))).toBe("EPRIVATE");
    expect(await refusal(onlyThisLoopback(to(`${other}/ok`)))).toBe("EPRIVATE");
    expect(await refusal(onlyThisLoopback(to("http://[::1]/")))).toBe("EPRIVATE");
    for (const host of ISSUE_29_HOSTS) {
      const target = `http://${host}:${port}/ok`;
      expect(await refusal(guardedFetch({ allowPrivate: false })(to(target))), target).toBe(
        "EPRIVATE",
      );
    }
    // localhost resolves to 127.0.0.1 (and maybe ::1), refused here: the name is refused.
    expect(await refusal(onlyThisLoopback(to(`http://localhost:${port}/ok`)))).toBe("EPRIVATE");
    const followed = await onlyThisLoopback(to(`${origin}/ok`), { method: "REPORT" });
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe("hello REPORT");
  });

  it("follows like fetch: 303 turns into GET, a new origin loses Authorization, manual returns the 3xx", async () => {
    const open = guardedFetch({ allowPrivate: true });
    seen.length = 0;
    const after303 = await open(`${origin}/to?status=303&url=/ok`, {
      method: "POST",
      body: "x",
      headers: { authorization: "Basic abc" },
    });
    expect(await after303.text()).toBe("hello GET");
    expect(seen.at(-1)).toMatchObject({ method: "GET", authorization: "Basic abc" });
    await open(`${origin}/to?url=${encodeURIComponent(`${other}/ok`)}`, {
      headers: { authorization: "Basic abc" },
    });
    expect(seen.at(-1)).toMatchObject({ path: "/ok", authorization: undefined });
    const manual = await open(`${origin}/to?url=/ok`, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("/ok");
  });

  it("stops an answer larger than the limit", async () => {
    const small = guardedFetch({ allowPrivate: true, maxBytes: 4 });
    expect(await refusal(small(`${origin}/ok`))).toBe("ETOOLARGE");
  });
});
