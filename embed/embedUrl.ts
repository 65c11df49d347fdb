/**
 * The iframe address of a booking page: the page with `isIframe=true` (its embedded mode)
 * and `embed_domain`, keeping the page's own query. Throws on an address that is not http(s).
 */
export function embedUrl(
  pageUrl: string,
  hostHref: string,
  extra: Record<string, string> = {},
): string {
  const url = new URL(pageUrl, hostHref);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`Slotted: not a booking page address: ${pageUrl}`);
  }
  url.searchParams.set("isIframe", "true");
  url.searchParams.set("embed_domain", new URL(hostHref).host);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.toString();
}

/** A message from a booking page: `{ event: "slotted.<name>", payload }`, else null. */
export function readMessage(
  data: unknown,
): { event: string; payload: Record<string, unknown> } | null {
  if (typeof data !== "object" || data === null) return null;
  const { event, payload } = data as { event?: unknown; payload?: unknown };
  if (typeof event !== "string" || !event.startsWith("slotted.")) return null;
  return {
    event,
    payload:
      typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {},
  };
}
