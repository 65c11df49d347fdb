import { createHash } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the loopback doubles of OAuth providers (Google, Microsoft, Zoom) share: reading a
 * request's body, answering JSON, the consent page a host answers by keyboard, and the PKCE
 * S256 check of a code's verifier.
 */

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** True when `verifier` is the one whose S256 challenge the code was issued for. */
export function pkceMatches(challenge: string, verifier: string): boolean {
  return createHash("sha256").update(verifier).digest("base64url") === challenge;
}

/** A consent page: the request's parameters posted on to `action` with the host's decision. */
export function consentPage(
  params: URLSearchParams,
  page: { title: string; heading: string; detail: string; action: string; allow: string },
): string {
  const hidden = [...params]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(page.title)}</title></head>
<body><main><h1>${escapeHtml(page.heading)}</h1>
<p>${escapeHtml(page.detail)}</p>
<form method="post" action="${page.action}">${hidden}
<button type="submit" name="decision" value="allow">${escapeHtml(page.allow)}</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`;
}

/**
 * Serves a provider's consent steps: GET `authorize` shows the page (or 400 with what `check`
 * found wrong), POST `${authorize}/decide` sends the host back to `callbackUrl`. Resolves true
 * when the request was one of them.
 */
export async function serveConsent(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  steps: {
    authorize: string;
    check(params: URLSearchParams): string | null;
    page(params: URLSearchParams): string;
    callbackUrl(params: URLSearchParams, allow: boolean): string;
  },
): Promise<boolean> {
  if (url.pathname === steps.authorize && request.method === "GET") {
    const problem = steps.check(url.searchParams);
    if (problem !== null) {
      response.writeHead(400, { "content-type": "text/plain" }).end(problem);
      return true;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(steps.page(url.searchParams));
    return true;
  }
  if (url.pathname === `${steps.authorize}/decide` && request.method === "POST") {
    const form = new URLSearchParams(await readBody(request));
    const location = steps.callbackUrl(form, form.get("decision") === "allow");
    response.writeHead(302, { location }).end();
    return true;
  }
  return false;
}

/**
 * The consent a test gives without a browser: the callback URL the consent page would send the
 * host to for `authorizeUrl`, after the same checks. Throws what `check` found wrong.
 */
export function directConsent(
  check: (params: URLSearchParams) => string | null,
  callbackUrl: (params: URLSearchParams, allow: boolean) => string,
) {
  return (authorizeUrl: string, allow = true): string => {
    const params = new URL(authorizeUrl).searchParams;
    const problem = check(params);
    if (problem !== null) throw new Error(problem);
    return callbackUrl(params, allow);
  };
}

/** Listens on a free loopback port: the server's base URL, and how to stop it at once. */
export async function listenLoopback(
  server: Server,
): Promise<{ url: string; stop(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
