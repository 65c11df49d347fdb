/** Messages the page posts to the window that embeds it, without the "slotted." prefix. */
export type EmbedEvent =
  | "page_height"
  | "profile_page_viewed"
  | "event_type_viewed"
  | "date_and_time_selected"
  | "event_scheduled"
  | "event_rescheduled"
  | "event_cancelled"
  | "redirect"
  | "analytics";

/** Whether the page runs embedded: the isIframe query value, or not being the top window. */
export function isEmbedded(search: string = window.location.search): boolean {
  const flag = new URLSearchParams(search).get("isIframe");
  if (flag !== null && flag !== "false" && flag !== "0") return true;
  try {
    return window.top !== window.self;
  } catch {
    // A cross-origin parent denies access to window.top: that is being embedded.
    return true;
  }
}

/**
 * Tells the embedding window about `event` as `{ event: "slotted.<event>", payload }`. Any
 * origin may embed a booking page, so the target origin is "*"; payloads carry no secrets.
 */
export function postToParent(event: EmbedEvent, payload: Record<string, unknown> = {}): void {
  if (window.parent === window) return;
  window.parent.postMessage({ event: `slotted.${event}`, payload }, "*");
}
