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
  if (referrer) query.set("referrer", referrer);
  if (ping.socials && ping.socials.length > 0) query.set("socials", ping.socials.join(","));
  return query;
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
