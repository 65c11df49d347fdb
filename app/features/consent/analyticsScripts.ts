import { appStore } from "../../state/appState";

type Queue = unknown[] & { push: (...items: unknown[]) => number };

declare global {
  interface Window {
    dataLayer?: Queue;
    gtag?: (...args: unknown[]) => void;
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean };
    _fbq?: unknown;
  }
}

export const GTAG_ORIGIN = "https://www.googletagmanager.com";
export const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";

function addScript(src: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/**
 * What analytics may learn of the current page: the address with every token, uuid and
 * personal query parameter held back (the route's pattern), and whether that is the whole
 * address. Given by the route table's owner.
 */
export interface TrackedPage {
  location: string;
  path: string;
  complete: boolean;
  referrer: string;
}

/**
 * Loads Google Analytics 4 for `measurementId`. The queue function is defined here rather
 * than in an inline snippet, so the page's CSP needs no 'unsafe-inline'. gtag.js reports
 * `document.location` with every hit unless told otherwise, so the page's held-back address
 * is set before anything is sent.
 */
export function loadGoogleAnalytics(measurementId: string, page: TrackedPage): void {
  if (appStore.get().gtagLoaded) return;
  window.dataLayer = window.dataLayer ?? ([] as unknown as Queue);
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: see above.
    window.dataLayer?.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("set", pageFields(page));
  window.gtag("config", measurementId, { send_page_view: false, ...pageFields(page) });
  addScript(`${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`);
  appStore.set({ gtagLoaded: true });
}

function pageFields(page: TrackedPage) {
  return { page_location: page.location, page_referrer: page.referrer };
}

/**
 * Loads the Facebook pixel for `pixelId`, with the queue stub of Facebook's snippet. Its
 * automatic events (clicks, page metadata) are turned off: they would carry the address.
 */
export function loadFacebookPixel(pixelId: string): void {
  if (appStore.get().pixelLoaded) return;
  const queue: unknown[] = [];
  const fbq = Object.assign((...args: unknown[]) => queue.push(args), {
    queue,
    loaded: true,
    version: "2.0",
    push: (...args: unknown[]) => queue.push(args),
  });
  window.fbq = fbq;
  window._fbq = fbq;
  fbq("set", "autoConfig", false, pixelId);
  fbq("init", pixelId);
  addScript(PIXEL_SCRIPT);
  appStore.set({ pixelLoaded: true });
}

/**
 * Reports a page view to whichever of the two is loaded. Google Analytics gets the held-back
 * address. The pixel takes the address from the browser and cannot be given another, so it
 * hears of a page only when its address holds nothing to hold back.
 */
export function trackPageView(page: TrackedPage): void {
  if (window.gtag) {
    window.gtag("set", pageFields(page));
    window.gtag("event", "page_view", {
      ...pageFields(page),
      page_path: page.path,
      page_title: document.title,
    });
  }
  if (page.complete) window.fbq?.("track", "PageView");
}
