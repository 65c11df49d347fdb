// Image bytes a profile page's visitor downloads for one full-width photo (a 2400×1600 JPEG
// drawn by Chromium), before and after smaller copies: "before" is the page as it was (the
// original only, as for an upload stored before copies existed), "after" the same photo with
// the copies the editor makes (app/features/dashboard/page/imageCopies.ts, bundled and run in
// Chromium as in the editor). Measured in Debian's Chromium against the built server on a fresh
// PGlite, at 375 px (1× and 3×, as an iPhone) and 1280 px (1× and 2×), each in a fresh context.
// Run with `npx tsx bench/pageImages.ts`.
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/chromium";
import { type SeededHost, seeder } from "../e2e/support/seed";
import { startBuiltServer } from "./support/builtServer";

const SCREENS = [
  { name: "phone 375 px 1×", width: 375, height: 812, scale: 1 },
  { name: "phone 375 px 3×", width: 375, height: 812, scale: 3 },
  { name: "desktop 1280 px 1×", width: 1280, height: 900, scale: 1 },
  { name: "desktop 1280 px 2×", width: 1280, height: 900, scale: 2 },
];

/** The editor's copy maker as a script for a blank page: `window.imageCopies`. */
async function copiesScript(): Promise<string> {
  const result = await build({
    entryPoints: ["app/features/dashboard/page/imageCopies.ts"],
    bundle: true,
    format: "iife",
    globalName: "copies",
    write: false,
    logLevel: "warning",
  });
  return `${result.outputFiles[0]!.text}; window.imageCopies = copies.imageCopies;`;
}

/** A photo-like 2400×1600 JPEG and its copies, made in `page`, as base64 by width (0: photo). */
async function photoAndCopies(page: Page): Promise<Map<number, Buffer>> {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  const entries = (await page.evaluate(`(async () => {
    const canvas = new OffscreenCanvas(2400, 1600);
    const context = canvas.getContext("2d");
    const gradient = context.createLinearGradient(0, 0, 2400, 1600);
    gradient.addColorStop(0, "#2a6f97");
    gradient.addColorStop(1, "#f4a261");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1600);
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 4000; i++) {
      context.fillStyle = "hsl(" + random() * 360 + " 60% 50% / 0.5)";
      context.beginPath();
      context.arc(random() * 2400, random() * 1600, random() * 40 + 2, 0, 7);
      context.fill();
    }
    const photo = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    const copies = await window.imageCopies(photo, "image/jpeg");
    const base64 = async (blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = "";
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    };
    const out = [[0, await base64(photo)]];
    for (const copy of copies) out.push([copy.width, await base64(copy.blob)]);
    return out;
  })()`)) as [number, string][];
  return new Map(entries.map(([width, base64]) => [width, Buffer.from(base64, "base64")]));
}

async function savePage(baseUrl: string, host: SeededHost, files: Map<number, Buffer>) {
  const block = {
    id: "photo",
    kind: "media",
    mediaKind: "image",
    uploadId: null,
    alt: "Photo",
    layout: { x: 0, y: 0, w: 4, h: 1 },
    visible: true,
  };
  const body = new FormData();
  body.append("components", JSON.stringify({ blocks: [block] }));
  for (const [width, bytes] of files) {
    const name = width === 0 ? "file-photo" : `variant-${width}-photo`;
    body.append(name, new Blob([new Uint8Array(bytes)]), `${width}.img`);
  }
  const response = await fetch(`${baseUrl}/api/page/${host.username}`, {
    method: "POST",
    headers: host.headers,
    body,
  });
  if (!response.ok) throw new Error(`save: ${response.status} ${await response.text()}`);
}

async function imageBytes(browser: Browser, url: string, screen: (typeof SCREENS)[number]) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.scale,
    locale: "en-US",
  });
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/uploads/")) bodies.push(response.body());
  });
  await page.goto(url);
  await page.waitForFunction(() => {
    const image = document.querySelector("img[alt='Photo']") as HTMLImageElement | null;
    return image?.complete && image.naturalWidth > 0;
  });
  const total = (await Promise.all(bodies)).reduce((sum, body) => sum + body.length, 0);
  await context.close();
  return total;
}

const server = await startBuiltServer("images");
const baseUrl = server.base;
const browser = await launchBrowser();
try {
  const blank = await browser.newPage();
  await blank.addScriptTag({ content: await copiesScript() });
  const files = await photoAndCopies(blank);
  const seed = seeder(baseUrl);
  const before = await seed.signUpHost({ name: "Before Copies" });
  const after = await seed.signUpHost({ name: "After Copies" });
  await savePage(baseUrl, before, new Map([[0, files.get(0)!]]));
  await savePage(baseUrl, after, files);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
  console.log(
    `photo ${kb(files.get(0)!.length)}; copies ${[...files]
      .filter(([w]) => w > 0)
      .map(([w, b]) => `${w} px ${kb(b.length)}`)
      .join(", ")}`,
  );
  for (const screen of SCREENS) {
    const was = await imageBytes(browser, `${baseUrl}/${before.username}`, screen);
    const is = await imageBytes(browser, `${baseUrl}/${after.username}`, screen);
    console.log(
      `${screen.name}: before ${kb(was)}, after ${kb(is)} (${((100 * is) / was).toFixed(0)} %)`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
