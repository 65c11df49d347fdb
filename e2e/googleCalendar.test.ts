import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startGoogleDouble,
} from "../server/calendars/testing/googleDouble";
import { freePort } from "../server/test/freePort";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";
import { tabTo } from "./support/keyboard";
import { seeder } from "./support/seed";

// A server of its own with a Google app set up, whose OAuth and Calendar API are the loopback
// double: its consent page is an ordinary page the browser is sent to and comes back from.
const start = await serverNow();
const google = await startGoogleDouble({
  clock: () => start,
  calendars: [
    {
      id: "kay@example.com",
      summary: "Kay's calendar",
      timeZone: "Europe/Berlin",
      accessRole: "owner",
      primary: true,
    },
  ],
});
const dataDir = mkdtempSync(join(tmpdir(), "slotted-e2e-google-"));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const server = await startBuiltServer(
  {
    TEST_CLOCK_START: start.toISOString(),
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_OAUTH_URL: google.url,
    GOOGLE_API_URL: google.url,
  },
  { port, dataDir },
);
afterAll(async () => {
  await server.stop();
  await google.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const session = await browserSession();
const seed = seeder(baseURL);
const context = { timezoneId: "Europe/Berlin", locale: "en-US", baseURL };

describe("connecting Google Calendar", () => {
  it("a host connects their Google account through the consent page by keyboard alone", {
    timeout: 150_000,
  }, async () => {
    const host = await seed.signUpHost({ name: "Kay Host", timeZone: "Europe/Berlin" });
    const { page } = await session.newPage(context);
    const home = new HomePage(page);
    await home.open();
    await home.signIn(host.email, "correct horse battery");
    const dashboard = new DashboardPage(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await dashboard.go("Calendars");
    await page
      .getByText("No calendar connected yet.")
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await page.locator("body").textContent()}`);
      });

    await tabTo(page, "button", "Connect Google Calendar");
    await page.keyboard.press("Enter");
    // Google's consent page (the double's): allowed by keyboard too.
    await page.waitForURL(`${google.url}/**`);
    await page.getByRole("heading", { name: /wants to access your Google Account/ }).waitFor();
    await tabTo(page, "button", "Allow");
    await page.keyboard.press("Enter");

    await page.waitForURL(`${baseURL}/dashboard/calendars**`);
    await dashboard.toast("Calendar connected.");
    const card = page.getByRole("region", { name: /kay@example\.com|Google/ });
    await card.getByText("Synced without problems.").waitFor();
    await expect.poll(() => card.getByLabel("Add new bookings to").inputValue()).not.toBe("");
    await expectNoSeriousAxeViolations(page);
    expect(new URL(page.url()).searchParams.get("oauth")).toBeNull();
  });
});
