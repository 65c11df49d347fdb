import { defineConfig } from "vitest/config";

// Browser tests: the built server on a port of its own, driven by Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    root: new URL("..", import.meta.url).pathname,
    include: ["e2e/**/*.test.ts"],
    globalSetup: ["e2e/support/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time, each worker with a server of its own (support/globalSetup.ts): a
    // browser test spends much of its time waiting on the page, the server and timers, so a
    // second file fills the two cores of the CI machine.
    maxWorkers: 2,
    // A worker keeps the support modules it loaded (Playwright, axe, the doubles, the server's
    // test helpers) from one file to the next: loading them afresh was a fifth of the suite's
    // time. Each file still launches a browser of its own (support/browser.ts).
    isolate: false,
  },
});
