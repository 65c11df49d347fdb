import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";
import { launchBrowser } from "./chromium";

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
