import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// "Tests never read the wall clock": the servers and the browser run on an injected clock, so a
// test that passes at 09:00 and fails at 16:00 (or in another month) is a defect of its setup.
// This keeps it so: no test and no test helper reads the machine's date, but for the few places
// below, each with its reason.
const root = resolve(import.meta.dirname, "..");
const FOLDERS = ["core", "server", "app", "embed", "bench", "e2e", "scripts"];

/** Tests, and the helpers only tests use. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.includes("/testing/") ||
  file.startsWith("server/test/") ||
  file.startsWith("e2e/support/");

/** `new Date()` without an argument, or `Date.now()`: the machine's date and time. */
const WALL_CLOCK = /new Date\(\s*\)|\bDate\.now\(\)/;

/**
 * A wait loop's deadline (`const deadline = Date.now() + ms`, `Date.now() > deadline`) only
 * says when to give up waiting for a condition: how long the machine took, never what a test
 * checks. vi.waitFor is preferred; these loops are allowed.
 */
const isWaitDeadline = (line: string) => /\bdeadline\b/i.test(line);

const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: "e2e/clock.test.ts",
    text: "page.evaluate(() => Date.now())",
    why: "reads the page's Date, which Playwright's clock fakes: that clock is the test's subject",
  },
  {
    file: "server/test/stripeDouble.ts",
    text: "Math.floor(Date.now() / 1000)",
    why: "stands in for Stripe, which stamps its objects and events with its own (real) time; a test that checks a signature's age signs at its own instant (webhook's timestamp option)",
  },
  {
    file: "e2e/support/globalSetup.ts",
    text: "new Date().toISOString().slice(0, 10)",
    why: "the browser suite's clock starts on a weekday morning ahead of today's date (suiteInstant), so the built server and its doubles agree with the real date; the time of day never comes from the machine",
  },
];

function files(folder: string): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((path) => /\.(ts|tsx|mts|mjs)$/.test(path) && !path.endsWith(".d.ts"))
    .filter((path) => !path.split("/").includes("node_modules"))
    .map((path) => join(folder, path));
}

/** Every line of test code that reads the wall clock, as `file:line: text`. */
function wallClockReads(): string[] {
  const found: string[] = [];
  // This file names what it looks for.
  const others = FOLDERS.flatMap(files).filter((file) => file !== "scripts/testWallClock.test.ts");
  for (const file of others.filter(isTestCode)) {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (!WALL_CLOCK.test(line) || isWaitDeadline(line)) return;
      if (ALLOWED.some((allowed) => allowed.file === file && line.includes(allowed.text))) return;
      found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("tests and their helpers on an injected clock", () => {
  it("finds a wall-clock read, and lets a wait loop's deadline be", () => {
    expect(WALL_CLOCK.test("const start = new Date();")).toBe(true);
    expect(WALL_CLOCK.test("t.setNow(new Date(Date.now() + 60_000));")).toBe(true);
    expect(WALL_CLOCK.test('const NOW = new Date("2027-01-04T06:00:00Z");')).toBe(false);
    expect(WALL_CLOCK.test("const elapsed = performance.now() - started;")).toBe(false);
    expect(isWaitDeadline("  const deadline = Date.now() + 30_000;")).toBe(true);
    expect(isWaitDeadline("const soon = Date.now() + 2 * 86_400_000;")).toBe(false);
  });

  it("no test or test helper reads the machine's date, but for the allowed places", () => {
    expect(wallClockReads()).toEqual([]);
  });

  it("allows only places that still read it", () => {
    const stale = ALLOWED.filter(
      (allowed) =>
        !existsSync(join(root, allowed.file)) ||
        !readFileSync(join(root, allowed.file), "utf8").includes(allowed.text),
    );
    expect(stale).toEqual([]);
  });
});
