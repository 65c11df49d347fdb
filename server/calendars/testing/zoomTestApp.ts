import { afterAll, expect } from "vitest";
import { BOOKING_NOW } from "../../test/bookingFactories";
import type { Host } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";
import type { CalendarWriteContext } from "../calendarEventWriter";
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
  async function connectZoom(host: Host) {
    const started = await t.request({
      method: "POST",
      url: "/api/calendar-connections/zoom/authorize",
      headers: host.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { pathname, search } = new URL(zoom.consent(started.json().url));
    const answer = await t.request({
      method: "GET",
      url: pathname + search,
      headers: host.headers,
    });
    expect(answer.statusCode, answer.body).toBe(302);
    expect(new URL(answer.headers.location as string).searchParams.get("oauth")).toBe("connected");
    const list = await t.request({
      method: "GET",
      url: "/api/calendar-connections",
      headers: host.headers,
    });
    return list.json().connections.find((c: { provider: string }) => c.provider === "ZOOM") as {
      id: string;
      status: string;
      lastError: string | null;
      calendars: unknown[];
    };
  }

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
