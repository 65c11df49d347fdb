import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  MS_CLIENT_ID,
  MS_CLIENT_SECRET,
  startMicrosoftDouble,
} from "../server/calendars/testing/microsoftDouble";
import { freePort } from "../server/test/freePort";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";
import { startBuiltServer } from "./support/builtServer";
import { serverNow } from "./support/clock";
import { tabTo } from "./support/keyboard";
import { seeder } from "./support/seed";

// A server of its own with a Microsoft app set up, whose identity platform and Graph are the
// loopback double: its sign-in page is an ordinary page the browser is sent to and comes back
// from, and it validates the server's notification URL (PUBLIC_URL) when the connection's
// subscription is made.
const start = await serverNow();
const ms = await startMicrosoftDouble({
  clock: () => start,
  calendars: [
    {
      id: "AAMkCal-kay",
      name: "Calendar",
      canEdit: true,
      isDefaultCalendar: true,
      owner: { name: "Kay", address: "kay@contoso.example" },
    },
  ],
});
const dataDir = mkdtempSync(join(tmpdir(), "slotted-e2e-microsoft-"));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const server = await startBuiltServer(
  {
    TEST_CLOCK_START: start.toISOString(),
    MICROSOFT_CLIENT_ID: MS_CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: MS_CLIENT_SECRET,
    MICROSOFT_LOGIN_URL: ms.url,
    MICROSOFT_GRAPH_URL: ms.url,
  },
  { port, dataDir },
);
afterAll(async () => {
  await server.stop();
  await ms.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const session = await browserSession();
const seed = seeder(baseURL);
const context = { timezoneId: "Europe/Berlin", locale: "en-US", baseURL };

describe("connecting Microsoft 365 / Outlook", () => {
  it("a host connects their Microsoft account through the sign-in page by keyboard alone", {
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

    await tabTo(page, "button", "Connect Microsoft 365 / Outlook");
    await page.keyboard.press("Enter");
    // Microsoft's consent page (the double's): accepted by keyboard too.
    await page.waitForURL(`${ms.url}/**`);
    await page.getByRole("heading", { name: "Permissions requested" }).waitFor();
    await tabTo(page, "button", "Accept");
    await page.keyboard.press("Enter");

    await page.waitForURL(`${baseURL}/dashboard/calendars**`);
    await dashboard.toast("Calendar connected.");
    const card = page.getByRole("region", { name: /kay@contoso\.example|Microsoft/ });
    await card.getByText("Synced without problems.").waitFor();
    await expect.poll(() => card.getByLabel("Add new bookings to").inputValue()).not.toBe("");
    await expectNoSeriousAxeViolations(page);
    expect(new URL(page.url()).searchParams.get("oauth")).toBeNull();
    // The connection's push: Graph validated the server's notification and lifecycle URLs and
    // subscribed.
    // (The connect's sync and the worker's may both have asked at once.)
    expect(new Set(ms.validations)).toEqual(
      new Set([
        `${baseURL}/api/calendar-connections/microsoft/notifications`,
        `${baseURL}/api/calendar-connections/microsoft/lifecycle`,
      ]),
    );
    expect(ms.subscriptions.filter((s) => !s.deleted).length).toBeGreaterThan(0);
  });
});
