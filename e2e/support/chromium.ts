import { type Browser, chromium } from "playwright-core";

// Apart from browser.ts (which needs vitest) so that bench/client.ts launches the same browser.
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
