import { afterAll } from "vitest";
import { BOOKING_NOW } from "../../test/bookingFactories";
import type { Host } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";
import type { CalendarWriteContext } from "../calendarEventWriter";
import { connectOAuthAccount } from "./oauthTestApp";
import { startZoomDouble, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET } from "./zoomDouble";

/**
 * A test app set up for Zoom (ZOOM_OAUTH_URL / ZOOM_API_URL on a loopback double), with the
 * steps the Zoom tests share: connect a host through the consent page, write the due jobs.
 * The double and the app share the test's clock (`setNow`).
 */
export async function zoomTestApp() {
  let now = BOOKING_NOW;
  const zoom = await startZoomDouble({ clock: () => now });
  afterAll(() => zoom.stop());
  const t: TestApp = await createTestApp({
    zoom: {
      clientId: ZOOM_CLIENT_ID,
      clientSecret: ZOOM_CLIENT_SECRET,
      oauthUrl: zoom.url,
      apiUrl: `${zoom.url}/v2`,
    },
  });
  const setNow = (date: Date) => {
    now = date;
    t.setNow(date);
  };
  setNow(BOOKING_NOW);

  /** Connects Zoom for `host` through the double's consent page: the connection as listed. */
  const connectZoom = (host: Host) =>
    connectOAuthAccount<{
      id: string;
      status: string;
      lastError: string | null;
      calendars: unknown[];
    }>(t, host, "zoom", (url) => zoom.consent(url));

  const writeContext = (): CalendarWriteContext => ({
    db: t.database.db,
    encryptionKey: t.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: t.deps.config.publicUrl,
    clock: t.deps.clock,
    zoom: t.deps.config.zoom,
    zoomRetryDelaysMs: [0, 0, 0],
  });

  return { zoom, t, setNow, now: () => now, connectZoom, writeContext };
}
