// The booking page's first load: the gzipped JavaScript it requests until the first bookable
// date is visible (per chunk and in total; budget 130 kB) and the time to that moment (budget
// 1 s on localhost), in Debian's Chromium against the built server on a fresh PGlite.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../e2e/support/chromium";
import { seeder } from "../e2e/support/seed";
import { buildClient, buildServer } from "../scripts/build.mjs";
import { freePort } from "../server/test/freePort";

const RUNS = 7;
const BUDGET_KB = 130;
const BUDGET_MS = 1000;

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // The seeded host verifies its address through the mailed link.
      DEV_MAILBOX: "true",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not become healthy");
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

await buildClient();
await buildServer();
const dataDir = mkdtempSync(join(tmpdir(), "slotted-bench-client-"));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = await startServer(port, dataDir);
const browser = await launchBrowser();

try {
  const seed = seeder(baseUrl);
  const host = await seed.signUpHost({ name: "Bench Host" });
  const eventType = await seed.createEventType(host, { title: "Bench call" });
  const url = `${baseUrl}/${host.username}/${eventType.slug}`;

  const times: number[] = [];
  let chunks = new Map<string, number>();
  // A free event type's page must load no payment code: neither Stripe.js nor the card field.
  const paymentScripts = new Set<string>();
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context each time: nothing cached, as for a first visit.
    const context = await browser.newContext({ timezoneId: "Europe/Berlin", locale: "en-US" });
    const page = await context.newPage();
    // The moment is taken inside the page: the frame in which the first enabled date button
    // is in the document (a requestAnimationFrame callback runs just before that frame paints).
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    await page.addInitScript(`
      const observer = new MutationObserver(() => {
        if (!document.querySelector("button[data-day]:not([disabled])")) return;
        observer.disconnect();
        requestAnimationFrame(() => { window.firstDateAt = performance.now(); });
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    `);
    const bodies = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.set(response.url(), response.body());
      if (/stripe|CardField/i.test(response.url())) paymentScripts.add(response.url());
    });
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => "firstDateAt" in window, undefined, { timeout: 15_000 });
    // performance.now() counts from the navigation's start.
    const { visibleAt, scripts } = await page.evaluate(() => {
      const at = (window as unknown as { firstDateAt: number }).firstDateAt;
      return {
        visibleAt: at,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js") && entry.startTime <= at)
          .map((entry) => entry.name),
      };
    });
    times.push(visibleAt);
    if (await page.evaluate(() => "Stripe" in window)) paymentScripts.add("window.Stripe");
    const sizes = new Map<string, number>();
    for (const script of scripts) {
      const body = bodies.get(script);
      if (!body) continue;
      const name = new URL(script).pathname.replace(/^\/assets\//, "");
      sizes.set(name, gzipSync(await body, { level: 9 }).length);
    }
    chunks = sizes;
    await context.close();
  }

  const total = [...chunks.values()].reduce((sum, size) => sum + size, 0);
  console.log(`booking page ${url.replace(baseUrl, "")}, ${RUNS} cold loads`);
  console.log("JavaScript requested until the first bookable date is visible (gzip -9):");
  for (const [name, size] of [...chunks].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(size).padStart(6)} kB  ${name}`);
  }
  console.log(`  ${kb(total).padStart(6)} kB  total (budget ${BUDGET_KB} kB)`);
  console.log(
    `first bookable date visible after ${Math.round(median(times))} ms median (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}; budget ${BUDGET_MS} ms)`,
  );
  console.log(
    `payment code loaded: ${paymentScripts.size === 0 ? "none" : [...paymentScripts].join(", ")}`,
  );
  if (total > BUDGET_KB * 1024 || median(times) > BUDGET_MS || paymentScripts.size > 0) {
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
