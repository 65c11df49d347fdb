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
 * Loads Google Analytics 4 for `measurementId`. The queue function is defined here rather
 * than in an inline snippet, so the page's CSP needs no 'unsafe-inline'.
 */
export function loadGoogleAnalytics(measurementId: string): void {
  if (appStore.get().gtagLoaded) return;
  window.dataLayer = window.dataLayer ?? ([] as unknown as Queue);
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: see above.
    window.dataLayer?.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { send_page_view: false });
  addScript(`${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`);
  appStore.set({ gtagLoaded: true });
}

/** Loads the Facebook pixel for `pixelId`, with the queue stub of Facebook's snippet. */
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
  fbq("init", pixelId);
  addScript(PIXEL_SCRIPT);
  appStore.set({ pixelLoaded: true });
}

/** Reports a page view to whichever of the two is loaded. */
export function trackPageView(): void {
  window.gtag?.("event", "page_view", {
    page_location: window.location.href,
    page_path: window.location.pathname,
    page_title: document.title,
  });
  window.fbq?.("track", "PageView");
}
