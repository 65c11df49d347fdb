import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll } from "vitest";
import { buildApp } from "../app";
import { drainChanges } from "../bookingChanges/testing/drainChanges";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/database";
import type { Deps } from "../deps";
import { createTestDatabase } from "./testDatabase";
import { TEST_NOW } from "./testNow";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  deps: Deps;
  /**
   * Sets the server's clock to `date`; null puts it back at TEST_NOW, where it starts. The clock
   * stands still until set again: a test that needs time to pass moves it.
   */
  setNow(date: Date | null): void;
  /**
   * app.inject, then the booking changes the request recorded get their effects, as a running
   * server's change worker (woken at commit) gives them a moment later.
   */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
      ENCRYPTION_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      DATA_DIR: "/tmp/slotted-test-data",
      // The tests' webhook receivers, Radicale and ICS feeds listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: "true",
      CALENDAR_ALLOW_PRIVATE: "true",
    }),
    publicUrl: "http://localhost:3000",
    ...overrides,
  };
}

/**
 * The whole server on a database of its own (or `database`, made by the test), driven through
 * app.inject (HTTP without a port). Closed after the file's tests.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  given?: Database,
): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  let now = TEST_NOW.getTime();
  const deps: Deps = {
    config: testConfig(overrides),
    database,
    // A copy each time: a caller that mutates its Date must not move the clock.
    clock: () => new Date(now),
  };
  // TEST_LOG=1 shows the server log, e.g. the cause of an unexpected 500.
  const app = await buildApp(deps, {
    logger: process.env.TEST_LOG ? { level: "warn" } : false,
    serveClient: false,
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    deps,
    setNow(date) {
      now = (date ?? TEST_NOW).getTime();
    },
    async request(options) {
      const response = await app.inject(options);
      await drainChanges(testApp);
      return response;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  afterAll(() => testApp.close());
  return testApp;
}
