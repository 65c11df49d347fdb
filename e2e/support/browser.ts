import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium with the flags this machine needs (no network beyond localhost). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile (it refuses --user-data-dir).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
  return browser;
}

export const baseUrl = (): string => inject("baseUrl");

/** One browser per test file, closed after it; a fresh context (cookies, storage) per call. */
export async function browserSession(extraArgs: readonly string[] = []) {
  const browser = await launchBrowser(extraArgs);
  afterAll(() => browser.close());
  return {
    browser,
    async newPage(
      options: Parameters<Browser["newContext"]>[0] = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ baseURL: baseUrl(), ...options });
      const page = await context.newPage();
      return { context, page };
    },
  };
}

/** Fails with the list of serious or critical axe violations on the page, if any. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}
