import { appStore } from "../../state/appState";
import { isEmbedded, postToParent } from "../embed/embedded";

/** A page-analytics ping (spec §7): what was seen or done on which public page. */
export interface PageAnalyticsPing {
  /** The page's public id: a username, or username/event-type slug, or a link token. */
  publicId: string;
  action: string;
  componentId?: string;
  socials?: readonly string[];
}

const delayMs = 1_000;

/** The query of GET /api/analytics for a ping. */
export function analyticsQuery(
  ping: PageAnalyticsPing,
  device: string,
  referrer: string,
): URLSearchParams {
  const query = new URLSearchParams({ public_id: ping.publicId, action: ping.action, device });
  if (ping.componentId) query.set("component_id", ping.componentId);
  // The referring site, never its path or query: those can hold tokens or names.
  const origin = referrerOrigin(referrer);
  if (origin) query.set("referrer", origin);
  if (ping.socials && ping.socials.length > 0) query.set("socials", ping.socials.join(","));
  return query;
}

/** A referrer as analytics may see it: its origin only (paths and queries can be personal). */
export function referrerOrigin(referrer: string): string {
  try {
    const { origin } = new URL(referrer);
    return origin === "null" ? "" : origin;
  } catch {
    return "";
  }
}

/**
 * Sends a ping to /api/analytics after 1 second, or at once when `immediate` (before the
 * page leaves); failures are ignored. Embedded pages also tell the parent window.
 */
export function sendPageAnalytics(ping: PageAnalyticsPing, immediate = false): void {
  const send = () => {
    const query = analyticsQuery(ping, appStore.get().device, document.referrer);
    fetch(`/api/analytics?${query}`, { keepalive: true, credentials: "omit" }).catch(() => {});
    if (isEmbedded()) {
      postToParent("analytics", {
        origin: window.location.origin,
        action: ping.action,
        category: "slotted",
        label: ping.publicId,
      });
    }
  };
  if (immediate) send();
  else setTimeout(send, delayMs);
}
