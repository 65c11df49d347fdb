import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

// The host site is served by page.route, which Chromium counts as a public address; its
// Local Network Access checks would refuse it the embed script from this machine's server.
const session = await browserSession([
  "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights",
]);
const seed = seeder(baseUrl());
const context = { timezoneId: "Europe/Berlin", locale: "en-US" };
// Another origin than the server's (localhost, not 127.0.0.1), as a host site would be.
const shop = `${baseUrl().replace("127.0.0.1", "localhost")}/shop`;
const recorded = [
  "slotted.page_height",
  "slotted.profile_page_viewed",
  "slotted.event_type_viewed",
  "slotted.date_and_time_selected",
  "slotted.event_scheduled",
];

/** A host site, served by page.route, that embeds Slotted with the embed script. */
function hostSite(body: string): string {
  return `<!doctype html><html lang="en"><head><title>Shop</title></head><body>
<h1>Shop</h1>${body}
<script>
window.slottedEvents = [];
for (const name of ${JSON.stringify(recorded)}) {
  window.addEventListener(name, (event) => window.slottedEvents.push({ name, detail: event.detail }));
}
</script>
<script src="${baseUrl()}/embed.js" async></script>
</body></html>`;
}

async function openHostSite(html: string) {
  const { page } = await session.newPage(context);
  await page.route(`${shop}/**`, (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  await page.goto(`${shop}/contact`);
  return page;
}

type Recorded = { name: string; detail: Record<string, unknown> };

describe("embedding", () => {
  it("keeps the embed script under 5 kB gzipped and loadable from other sites", async () => {
    const response = await fetch(`${baseUrl()}/embed.js`);
    expect(response.ok).toBe(true);
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    expect(size).toBeLessThan(5 * 1024);
  });

  it("books inside an inline widget that grows with the page and reports each step", async () => {
    const host = await seed.signUpHost({ name: "Embedded Host" });
    const eventType = await seed.createEventType(host, { title: "Embedded call" });
    const page = await openHostSite(
      hostSite(
        `<div class="slotted-inline-widget" data-url="${baseUrl()}/${host.username}/${eventType.slug}" style="height:300px"></div>`,
      ),
    );
    const iframe = page.locator(".slotted-inline-widget iframe");
    await iframe.waitFor();
    expect(await iframe.getAttribute("src")).toContain("isIframe=true");
    const frame = page.frameLocator(".slotted-inline-widget iframe");
    await frame.locator("button[data-day]:not([disabled])").first().click();
    await expect
      .poll(async () => (await iframe.boundingBox())?.height ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(300);

    const times = frame
      .locator("section", { has: frame.locator("#pick-time") })
      .getByRole("button");
    await times.first().click();
    await frame.getByLabel("Name", { exact: true }).fill("Emma Embed");
    await frame.getByLabel("Email", { exact: true }).fill("emma@example.com");
    await frame.getByRole("button", { name: "Schedule event" }).click();
    await frame.getByRole("heading", { name: "You are scheduled" }).waitFor();

    const events = () =>
      page.evaluate(() => (window as unknown as { slottedEvents: Recorded[] }).slottedEvents);
    await expect
      .poll(async () => (await events()).map((e) => e.name))
      .toContain("slotted.event_scheduled");
    const names = (await events()).map((e) => e.name);
    expect(names).toContain("slotted.page_height");
    expect(names).toContain("slotted.event_type_viewed");
    expect(names).toContain("slotted.date_and_time_selected");
    const scheduled = (await events()).find((e) => e.name === "slotted.event_scheduled");
    expect(scheduled?.detail).toEqual({
      event: { uuid: expect.any(String) },
      invitee: { uuid: expect.any(String) },
    });
    const height = (await events()).find((e) => e.name === "slotted.page_height");
    expect(height?.detail).toEqual({ height: expect.any(Number), width: expect.any(Number) });
  });

  it("moves the host page's text below with the widget: no overlap, no gap, at 375 and 1280 px", async () => {
    const host = await seed.signUpHost({ name: "Flow Host" });
    const eventType = await seed.createEventType(host, { title: "Flow call" });
    for (const width of [375, 1280]) {
      // The snippet as sites copied it before: a fixed height on the container.
      const page = await openHostSite(
        hostSite(
          `<div class="slotted-inline-widget" data-url="${baseUrl()}/${host.username}/${eventType.slug}" style="min-width: 320px; height: 700px"></div><p id="below">Opening hours: 9 to 5.</p>`,
        ),
      );
      await page.setViewportSize({ width, height: 800 });
      const iframe = page.locator(".slotted-inline-widget iframe");
      const frame = page.frameLocator(".slotted-inline-widget iframe");
      /** The gap from the widget's bottom to the text below (negative: drawn over it). */
      const gap = async () => {
        const widget = (await iframe.boundingBox())!;
        const below = (await page.locator("#below").boundingBox())!;
        return Math.round(below.y - (widget.y + widget.height));
      };
      /** The page inside, measured by the frame itself. */
      const content = () =>
        frame.locator("body").evaluate((body) => Math.ceil(body.getBoundingClientRect().height));
      const fits = async () => {
        await expect
          .poll(async () => Math.abs((await iframe.boundingBox())!.height - (await content())))
          .toBeLessThanOrEqual(2);
        // The paragraph's own top margin (16 px) is all that separates them.
        await expect.poll(gap).toBeGreaterThanOrEqual(0);
        expect(await gap()).toBeLessThanOrEqual(20);
      };
      await frame.locator("button[data-day]:not([disabled])").first().click();
      await fits();
      await frame
        .locator("section", { has: frame.locator("#pick-time") })
        .getByRole("button")
        .first()
        .click();
      await frame.getByLabel("Name", { exact: true }).fill("Flo Flow");
      await frame.getByLabel("Email", { exact: true }).fill(`${seed.unique()}@example.com`);
      await fits();
      await frame.getByRole("button", { name: "Schedule event" }).click();
      await frame.getByRole("heading", { name: "You are scheduled" }).waitFor();
      await fits();
      await page.close();
    }
  });

  it("opens a profile in a popup and closes it with Escape", async () => {
    const host = await seed.signUpHost({ name: "Popup Host" });
    await seed.createEventType(host, { title: "Popup call" });
    const page = await openHostSite(
      hostSite(`<a href="${baseUrl()}/${host.username}" data-slotted-popup="">Book a call</a>`),
    );
    await page.waitForFunction(() => "Slotted" in window);
    await page.getByRole("link", { name: "Book a call" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const frame = page.frameLocator("[role=dialog] iframe");
    await frame.getByRole("heading", { name: "Popup Host" }).waitFor();
    const events = () =>
      page.evaluate(() => (window as unknown as { slottedEvents: Recorded[] }).slottedEvents);
    await expect
      .poll(async () => (await events()).map((e) => e.name))
      .toContain("slotted.profile_page_viewed");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});
