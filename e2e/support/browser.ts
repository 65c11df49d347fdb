import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { AxeResults } from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, inject } from "vitest";
import { launchBrowser } from "./chromium";
import { serverClockNow } from "./serverClock";

/** The server of this worker (e2e/support/globalSetup.ts starts one per worker). */
export const baseUrl = (): string => {
  const urls = inject("baseUrls");
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

/**
 * One browser per test file, closed after it; a fresh context (cookies, storage) per call,
 * whose clock (Playwright's) starts at the server's time and runs on from there like it.
 */
export async function browserSession(extraArgs: readonly string[] = []) {
  const browser = await launchBrowser(extraArgs);
  afterAll(() => browser.close());
  return {
    browser,
    async newPage(
      options: Parameters<Browser["newContext"]>[0] = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const base = options.baseURL ?? baseUrl();
      const context = await browser.newContext({ ...options, baseURL: base });
      await context.clock.install({ time: await serverClockNow(base) });
      const page = await context.newPage();
      return { context, page };
    },
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe's violations on a page. AxeBuilder finishes every run in a fresh blank page, about a
 * second each on this machine; a page without frames needs none of that, so axe is put into
 * the document once (through the debugger, which the page's CSP does not govern) and run there.
 */
async function axeViolations(page: Page): Promise<AxeResults["violations"]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).analyze()).violations;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof import("axe-core") }).axe
      .run(document, { resultTypes: ["violations"] })
      .then((results) => results.violations),
  );
}

/** Fails with the list of serious or critical axe violations on the page, if any. */
export async function expectNoSeriousAxeViolations(page: Page) {
  // Colours caught half-way through a transition (a toggle just pressed) are not what anyone
  // reads; axe judges the colours the page settles on.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const serious = (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  if (serious.length > 0) throw new Error(`serious axe violations:\n${serious.join("\n")}`);
}
