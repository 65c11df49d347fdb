import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { catalogParts } from "./scripts/catalogParts.mjs";

// *.postgres.test.ts need a PostgreSQL server (several connections or processes); the
// process and configuration tests do not touch the test database, so they run once.
const onlyOnce = ["server/main.test.ts", "server/config.test.ts"];

const server = (engine: "pglite" | "postgres") => ({
  test: {
    name: `server:${engine}`,
    include: ["server/**/*.test.ts"],
    exclude: engine === "pglite" ? ["**/*.postgres.test.ts"] : onlyOnce,
    globalSetup: ["server/test/globalSetup.ts"],
    env: { TEST_ENGINE: engine },
    // A worker keeps the modules it loaded from one file to the next: loading the server's
    // module graph afresh for each of ~190 files was half the suite's CPU time. Each file
    // still gets a database and an app of its own (server/test/testApp.ts); a file that mocks
    // a module loads its modules afresh itself (server/commands/passwordResetter.test.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The database suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Vitest leaves a core free by default; the server files wait on PostgreSQL and scrypt
    // much of the time, so one file per core keeps a two-core machine busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // The split language catalogs of app/i18n/i18n.ts (scripts/catalogParts.mjs).
        plugins: [catalogParts()],
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.ts",
            "embed/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          // Property tests run hundreds of cases: seconds when the machine is busy.
          testTimeout: 30_000,
        },
      },
      {
        // React component tests: only these pay for a DOM (happy-dom), the rest run in node.
        plugins: [catalogParts()],
        test: {
          name: "components",
          include: ["app/**/*.test.tsx"],
          environment: "happy-dom",
          // A whole form renders in a DOM written in JavaScript: seconds on a loaded machine.
          testTimeout: 30_000,
        },
      },
      server("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [server("postgres")] : []),
    ],
  },
});
