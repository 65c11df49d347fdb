import { describe, expect, it } from "vitest";
import {
  startZoomDouble,
  ZOOM_CLIENT_ID,
  ZOOM_CLIENT_SECRET,
} from "../server/calendars/testing/zoomDouble";
import { expectNoSeriousAxeViolations } from "./support/browser";
import { serverNow } from "./support/clock";
import { startProviderServer } from "./support/providerServer";

// A server of its own with a Zoom app set up, whose OAuth and API are the loopback double: its
// consent page is an ordinary page the browser is sent to and comes back from.
const start = await serverNow();
const zoom = await startZoomDouble({ clock: () => start });
const server = await startProviderServer("zoom", start, zoom, {
  ZOOM_CLIENT_ID,
  ZOOM_CLIENT_SECRET,
  ZOOM_OAUTH_URL: zoom.url,
  ZOOM_API_URL: `${zoom.url}/v2`,
});

describe("connecting Zoom", () => {
  it("a host connects their Zoom account through the consent page by keyboard alone", {
    timeout: 150_000,
  }, async () => {
    // Zoom's consent page (the double's): allowed by keyboard too.
    const page = await server.connectByKeyboard("Zed Host", "Connect Zoom", {
      heading: /access your Zoom account/,
      button: "Allow",
    });

    const card = page.getByRole("region", { name: "Zoom" });
    await card.getByText("Connected: Zoom meetings are made for your bookings.").waitFor();
    // A meeting-link connection: no calendars to tick, no busy time.
    expect(await card.getByRole("checkbox").count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    expect(new URL(page.url()).searchParams.get("oauth")).toBeNull();
  });
});
