import type { Host } from "../../test/factories";
import { connectOAuthAccount } from "./oauthTestApp";
import { providerTestApp } from "./providerTestApp";
import { startZoomDouble, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET } from "./zoomDouble";

/** The installation's Zoom app as the double at `url` knows it. */
export function zoomSettings(url: string) {
  return {
    clientId: ZOOM_CLIENT_ID,
    clientSecret: ZOOM_CLIENT_SECRET,
    oauthUrl: url,
    apiUrl: `${url}/v2`,
  };
}

/**
 * A test app set up for Zoom (ZOOM_OAUTH_URL / ZOOM_API_URL on a loopback double), with the
 * steps the Zoom tests share: connect a host through the consent page, write the due jobs.
 * The double and the app share the test's clock (`setNow`).
 */
export async function zoomTestApp() {
  const { double: zoom, ...app } = await providerTestApp(
    (clock) => startZoomDouble({ clock }),
    (double) => ({ zoom: zoomSettings(double.url) }),
  );

  /** Connects Zoom for `host` through the double's consent page: the connection as listed. */
  const connectZoom = (host: Host) =>
    connectOAuthAccount<{
      id: string;
      status: string;
      lastError: string | null;
      calendars: unknown[];
    }>(app.t, host, "zoom", (url) => zoom.consent(url));

  return { zoom, ...app, connectZoom };
}
