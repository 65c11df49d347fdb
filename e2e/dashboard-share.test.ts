import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { DashboardPage, newHost } from "./pages/DashboardPage";
import { browserSession, expectNoSeriousAxeViolations } from "./support/browser";

const session = await browserSession();

async function hostWithEventType() {
  const { page } = await session.newPage();
  const dashboard = new DashboardPage(page);
  await dashboard.signUp(newHost("Quinn"));
  const type = await dashboard.api("POST", "/api/event-types", {
    kind: "ONE_ON_ONE",
    title: "Coffee chat",
    slug: "coffee",
    duration: 30,
  });
  await dashboard.go("Event types");
  return { page, dashboard, type: type as { id: string; url: string } };
}

function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe("sharing an event type", () => {
  it("downloads a QR code image that encodes the booking link", async () => {
    const { page, dashboard, type } = await hostWithEventType();
    await page.getByRole("button", { name: "Share Coffee chat" }).click();
    const share = dashboard.dialog("Share Coffee chat");
    await expectNoSeriousAxeViolations(page);
    await share.getByRole("button", { name: "QR code" }).click();
    const qr = dashboard.dialog("QR code");
    await qr.getByRole("img", { name: `QR code for ${type.url}` }).waitFor();
    await expectNoSeriousAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      qr.getByRole("link", { name: "Download PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("coffee-chat-qr.png");
    const file = await readFile((await download.path()) ?? "");
    expect(decodeQr(file)).toBe(type.url);
    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      qr.getByRole("link", { name: "Download SVG" }).click(),
    ]);
    const svgText = await readFile((await svg.path()) ?? "", "utf8");
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("writes embed code with the chosen options and previews it", async () => {
    const { page, dashboard, type } = await hostWithEventType();
    await page.getByRole("button", { name: "Share Coffee chat" }).click();
    await dashboard
      .dialog("Share Coffee chat")
      .getByRole("button", { name: "Embed on a website" })
      .click();
    const embed = dashboard.dialog("Embed on your website");
    await embed.getByLabel("Hide event details").check();
    const code = await embed.getByLabel("Embed code").inputValue();
    expect(code).toContain(`class="slotted-inline-widget" data-url="${type.url}?hide_details=1"`);
    expect(code).toContain('/embed.js" async></script>');
    await embed.getByRole("radio", { name: /^Popup/ }).check();
    expect(await embed.getByLabel("Embed code").inputValue()).toContain(
      `data-slotted-popup="${type.url}?hide_details=1"`,
    );
    // The preview runs the snippet with the real embed script: a popup button, then an inline frame.
    const preview = embed.frameLocator("iframe");
    await preview.getByRole("button", { name: "Book a meeting" }).waitFor();
    await embed.getByRole("radio", { name: /^Inline/ }).check();
    const widget = embed.frameLocator("iframe").locator("iframe");
    await expect.poll(() => widget.getAttribute("src")).toContain("hide_details=1");
    await expectNoSeriousAxeViolations(page);
  });

  it("creates single-use links and shows which were used", async () => {
    const { page, dashboard, type } = await hostWithEventType();
    await page.getByRole("button", { name: "Share Coffee chat" }).click();
    await dashboard
      .dialog("Share Coffee chat")
      .getByRole("button", { name: "Single-use links" })
      .click();
    const links = dashboard.dialog("Single-use links");
    await links.getByText("No single-use links yet.").waitFor();
    await links.getByRole("button", { name: "Create a link" }).click();
    const item = links.getByRole("listitem").first();
    await item.getByText(/\/S\/[A-Za-z0-9]{16}$/).waitFor();
    await item.getByText(/^Not used yet/).waitFor();
    const [created] = (await dashboard.api("GET", `/api/event-types/${type.id}/single-use-links`))
      .links;
    expect(created.url).toMatch(/\/S\/[A-Za-z0-9]{16}$/);
    await expectNoSeriousAxeViolations(page);
    await item.getByRole("button", { name: "Revoke" }).click();
    await links.getByText("No single-use links yet.").waitFor();
  });
});

describe("code splitting", () => {
  it("keeps dashboard code out of the public booking page", async () => {
    const { type } = await hostWithEventType();
    const { page } = await session.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(type.url);
    await page.locator("button[data-day]").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    const dashboardChunk =
      /\/(DashboardPage|DashboardShell|dashboardApi|dashboardQueries|ShareCenter|EventTypeForm|[A-Za-z]+Screen|QrCodeDialog|EmbedDialog|ScheduleEditor)-/;
    expect(scripts.filter((path) => dashboardChunk.test(path))).toEqual([]);
  });
});
