import { describe, expect, it } from "vitest";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());

// Layout shifts as Core Web Vitals count them (none within half a second of an input), summed
// from the start of the load.
const countShifts = `
  window.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

/** Loads `path` on a phone over a slow network, so data and fonts arrive after the first frame. */
async function shiftOnSlowPhone(path: string, ready: string): Promise<number> {
  const { context, page } = await session.newPage({
    timezoneId: "Europe/Berlin",
    locale: "en-US",
    viewport: { width: 375, height: 812 },
    isMobile: true,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 400_000,
    uploadThroughput: 100_000,
  });
  // A phone's slower processor: the page's chunk then lands after its spinner has been drawn.
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(countShifts);
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  // Fonts swap in after the content: wait for them, then for the frame they are drawn in.
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const shift = await page.evaluate(
    () => (window as unknown as { layoutShift: number }).layoutShift,
  );
  await context.close();
  return shift;
}

describe("layout shift on a slow phone", () => {
  it("is none worth counting on the profile page: the footer comes with the content", async () => {
    const host = await seed.signUpHost({ name: "Sia Steady" });
    for (const title of ["Intro call", "Deep dive", "Review"]) {
      await seed.createEventType(host, { title });
    }
    // Before, the footer was drawn under the spinner and jumped down by the cards' height (0.14).
    expect(await shiftOnSlowPhone(`/${host.username}`, "main a[href]")).toBeLessThan(0.01);
  });

  it("is none worth counting on the booking page while the dates and Lato arrive", async () => {
    const host = await seed.signUpHost({ name: "Bo Steady" });
    const eventType = await seed.createEventType(host, { title: "Steady call" });
    expect(
      await shiftOnSlowPhone(
        `/${host.username}/${eventType.slug}`,
        "button[data-day]:not([disabled])",
      ),
    ).toBeLessThan(0.01);
  });
});
