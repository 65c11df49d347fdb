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
    // One Chromium at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
