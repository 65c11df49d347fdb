import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HomePage } from "./pages/HomePage";
import { baseUrl, browserSession } from "./support/browser";
import { seeder } from "./support/seed";

const session = await browserSession();
const seed = seeder(baseUrl());
const shots = "/tmp/page-shots";

/** A photo-like JPEG of 2400×1600 (a gradient under thousands of soft discs), drawn by Chromium. */
async function photo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(2400, 1600);
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, 2400, 1600);
    gradient.addColorStop(0, "#2a6f97");
    gradient.addColorStop(1, "#f4a261");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1600);
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 4000; i++) {
      context.fillStyle = `hsl(${random() * 360} 60% 50% / 0.5)`;
      context.beginPath();
      context.arc(random() * 2400, random() * 1600, random() * 40 + 2, 0, 7);
      context.fill();
    }
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

interface Loaded {
  url: string;
  bytes: number;
}

/** Opens the public page at `width` px and answers which uploads it loaded, with their bytes. */
async function visit(username: string, width: number, alt: string) {
  const { page } = await session.newPage({
    locale: "en-US",
    viewport: { width, height: width < 640 ? 812 : 900 },
    deviceScaleFactor: 1,
  });
  const loaded: Promise<Loaded>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/uploads/")) {
      loaded.push(response.body().then((body) => ({ url: url.pathname, bytes: body.length })));
    }
  });
  await page.goto(`/${username}`);
  const image = page.getByRole("img", { name: alt });
  await expect
    .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
    .toBeGreaterThan(0);
  const currentSrc = new URL(await image.evaluate((node: HTMLImageElement) => node.currentSrc))
    .pathname;
  return { page, image, currentSrc, loaded: await Promise.all(loaded) };
}

describe("images on a profile page", () => {
  it("an image uploaded in the editor reaches a phone as a small copy and a desktop as a larger one", async () => {
    const host = await seed.signUpHost({ name: "Ida Images" });
    const { page } = await session.newPage({
      locale: "en-US",
      viewport: { width: 1280, height: 900 },
    });
    const original = await photo(page);
    await new HomePage(page).open();
    await new HomePage(page).signIn(host.email, "correct horse battery");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Profile page", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Your profile page" }).waitFor();

    // The copies are made before the block takes the file (and is named for it). Held here until
    // the host has set the block's width and description and pressed Save: what was set meanwhile
    // stays, and the save waits for the file.
    await page.evaluate(() => {
      const encode = OffscreenCanvas.prototype.convertToBlob;
      const held = new Promise((release) => {
        (window as unknown as { releaseCopies: () => void }).releaseCopies = () => release(null);
      });
      OffscreenCanvas.prototype.convertToBlob = async function (this: OffscreenCanvas, options) {
        await held;
        return encode.call(this, options);
      };
    });
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/page/")) {
        saves.push(request.url());
      }
    });
    const panel = page.getByRole("complementary");
    await page.getByRole("button", { name: "Add Image or video" }).click();
    await panel
      .getByLabel("Image or video file")
      .setInputFiles({ name: "harbour.jpg", mimeType: "image/jpeg", buffer: original });
    await panel.getByLabel("Width (columns)").selectOption("4");
    await panel.getByLabel("Description for screen readers").fill("The harbour at dusk");
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByRole("button", { name: "Saving…" }).waitFor();
    expect(await page.locator("ol li[data-block-id]", { hasText: "harbour.jpg" }).count()).toBe(0);
    expect(saves).toEqual([]);
    await page.evaluate(() => (window as unknown as { releaseCopies: () => void }).releaseCopies());
    await page.getByText("Your page is saved and live.").waitFor();
    expect(saves).toHaveLength(1);
    expect(await panel.getByLabel("Description for screen readers").inputValue()).toBe(
      "The harbour at dusk",
    );
    expect(await panel.getByLabel("Width (columns)").inputValue()).toBe("4");

    const response = await fetch(`${baseUrl()}/api/page/${encodeURIComponent(host.username)}`);
    const [block] = (await response.json()).page.blocks;
    expect(block).toMatchObject({ kind: "media", width: 2400, height: 1600 });
    const sources = block.sources as { url: string; width: number }[];
    expect(sources.map((source) => source.width)).toEqual([480, 960, 1920, 2400]);
    const urlOf = (width: number) => sources.find((source) => source.width === width)!.url;
    expect(urlOf(2400)).toBe(block.url);

    const phone = await visit(host.username, 375, "The harbour at dusk");
    expect(phone.currentSrc).toBe(urlOf(480));
    expect(phone.loaded.map((file) => file.url)).toEqual([urlOf(480)]);
    expect(await phone.image.getAttribute("width")).toBe("2400");
    expect(await phone.image.getAttribute("height")).toBe("1600");
    // The first blocks are above the fold: not lazy.
    expect(await phone.image.getAttribute("loading")).toBe("eager");

    const desktop = await visit(host.username, 1280, "The harbour at dusk");
    expect(desktop.currentSrc).toBe(urlOf(960));
    expect(desktop.loaded.map((file) => file.url)).toEqual([urlOf(960)]);

    mkdirSync(shots, { recursive: true });
    await phone.page.screenshot({ path: `${shots}/images-375.png`, fullPage: true });
    await desktop.page.screenshot({ path: `${shots}/images-1280.png`, fullPage: true });
    const phoneBytes = phone.loaded[0]!.bytes;
    const desktopBytes = desktop.loaded[0]!.bytes;
    expect(phoneBytes).toBeLessThan(desktopBytes);
    expect(desktopBytes).toBeLessThan(original.length);
    console.log(
      `image bytes: original ${original.length}, phone (375 px) ${phoneBytes}, desktop (1280 px) ${desktopBytes}`,
    );
  });
});
