import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  startZoomDouble,
  ZOOM_CLIENT_ID,
  ZOOM_CLIENT_SECRET,
} from "../server/calendars/testing/zoomDouble";
import { freePort } from "../server/test/freePort";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";
import { tabTo } from "./support/keyboard";
import { seeder } from "./support/seed";

// A server of its own with a Zoom app set up, whose OAuth and API are the loopback double: its
// consent page is an ordinary page the browser is sent to and comes back from.
const start = await serverNow();
const zoom = await startZoomDouble({ clock: () => start });
const dataDir = mkdtempSync(join(tmpdir(), "slotted-e2e-zoom-"));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const server = await startBuiltServer(
  {
    TEST_CLOCK_START: start.toISOString(),
    ZOOM_CLIENT_ID,
    ZOOM_CLIENT_SECRET,
    ZOOM_OAUTH_URL: zoom.url,
    ZOOM_API_URL: `${zoom.url}/v2`,
  },
  { port, dataDir },
);
afterAll(async () => {
  await server.stop();
  await zoom.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const session = await browserSession();
const seed = seeder(baseURL);
const context = { timezoneId: "Europe/Berlin", locale: "en-US", baseURL };

describe("connecting Zoom", () => {
  it("a host connects their Zoom account through the consent page by keyboard alone", {
    timeout: 150_000,
  }, async () => {
    const host = await seed.signUpHost({ name: "Zed Host", timeZone: "Europe/Berlin" });
    const { page } = await session.newPage(context);
    const home = new HomePage(page);
    await home.open();
    await home.signIn(host.email, "correct horse battery");
    const dashboard = new DashboardPage(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await dashboard.go("Calendars");
    await page.getByText("No calendar connected yet.").waitFor();

    await tabTo(page, "button", "Connect Zoom");
    await page.keyboard.press("Enter");
    // Zoom's consent page (the double's): allowed by keyboard too.
    await page.waitForURL(`${zoom.url}/**`);
    await page.getByRole("heading", { name: /access your Zoom account/ }).waitFor();
    await tabTo(page, "button", "Allow");
    await page.keyboard.press("Enter");

    await page.waitForURL(`${baseURL}/dashboard/calendars**`);
    await dashboard.toast("Calendar connected.");
    const card = page.getByRole("region", { name: "Zoom" });
    await card.getByText("Connected: Zoom meetings are made for your bookings.").waitFor();
    // A meeting-link connection: no calendars to tick, no busy time.
    expect(await card.getByRole("checkbox").count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    expect(new URL(page.url()).searchParams.get("oauth")).toBeNull();
  });
});
