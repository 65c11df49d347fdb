import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { freePort } from "../../server/test/freePort";
import { DashboardPage } from "../pages/DashboardPage";
import { browserSession } from "./browser";
import { startBuiltServer } from "./builtServer";
import { tabTo } from "./keyboard";
import { seeder } from "./seed";

/** A provider's loopback double (Google, Microsoft, Zoom): where its pages are, how to stop it. */
interface ProviderDouble {
  url: string;
  stop(): Promise<void>;
}

/** The provider's consent page: its heading, and the button that grants the app access. */
interface Consent {
  heading: string | RegExp;
  button: string;
}

/**
 * A server of its own, on the server's clock at `start`, whose app for a provider points to
 * that provider's `double` (`env` names it), both stopped after the file; and the journey every
 * connect test shares: a new host signs in, opens Calendars, presses `connect` and goes through
 * the double's consent page by keyboard alone, back to Calendars with the connection made.
 */
export async function startProviderServer(
  provider: string,
  start: Date,
  double: ProviderDouble,
  env: Record<string, string>,
) {
  // Given its data directory, startBuiltServer claims no owner: the test's host is the first
  // to sign up.
  const dataDir = mkdtempSync(join(tmpdir(), `slotted-e2e-${provider}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = await startBuiltServer(
    { TEST_CLOCK_START: start.toISOString(), ...env },
    { port, dataDir },
  );
  afterAll(async () => {
    await server.stop();
    await double.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const session = await browserSession();
  const seed = seeder(baseURL);
  const context = { timezoneId: "Europe/Berlin", locale: "en-US", baseURL };

  async function connectByKeyboard(hostName: string, connect: string, consent: Consent) {
    const host = await seed.signUpHost({ name: hostName, timeZone: "Europe/Berlin" });
    const { page } = await session.newPage(context);
    const dashboard = new DashboardPage(page);
    await dashboard.signInTo("Calendars", host.email);
    await page
      .getByText("No calendar connected yet.")
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await page.locator("body").textContent()}`);
      });

    await tabTo(page, "button", connect);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${double.url}/**`);
    await page.getByRole("heading", { name: consent.heading }).waitFor();
    await tabTo(page, "button", consent.button);
    await page.keyboard.press("Enter");

    await page.waitForURL(`${baseURL}/dashboard/calendars**`);
    await dashboard.toast("Calendar connected.");
    return page;
  }

  return { baseURL, connectByKeyboard };
}
