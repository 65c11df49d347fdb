import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../../app";
import { type Database, openPostgres, pgliteExtensions, wrapPglite } from "../../db/database";
import { migrate } from "../../db/migrate";
import type { Deps, Lifecycle } from "../../deps";
import { testConfig } from "../../test/testApp";
import { createTestDatabase, testEngine } from "../../test/testDatabase";

// The server runs at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

/** A database no migration ever ran on, on this project's engine. */
async function emptyDatabase(): Promise<Database> {
  if (testEngine === "pglite") {
    const client = new PGlite({ extensions: pgliteExtensions });
    await client.waitReady;
    return wrapPglite(client);
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `slotted_ready_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 2);
}

async function appOn(database: Database, lifecycle: Lifecycle) {
  const deps: Deps = { config: testConfig(), database, clock: () => NOW, lifecycle };
  const app = await buildApp(deps, { logger: false, serveClient: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

async function get(base: string, path: string) {
  const response = await fetch(base + path);
  return { status: response.status, body: await response.json() };
}

describe(`GET /api/ready (${testEngine})`, () => {
  it("answers 503 migrating until every migration is applied, then ready; /api/health stays 200", async () => {
    const database = await emptyDatabase();
    const base = await appOn(database, { stopping: false });
    expect(await get(base, "/api/ready")).toEqual({
      status: 503,
      body: { status: "migrating", database: testEngine },
    });
    // Liveness does not depend on migrations: the process is alive, only not ready.
    expect((await get(base, "/api/health")).status).toBe(200);

    await migrate(database);
    expect(await get(base, "/api/ready")).toEqual({
      status: 200,
      body: { status: "ready", database: testEngine },
    });

    // A database whose newest migration is missing (restored from an older release) is not ready.
    const [newest] = await database.query<{ id: number }>(
      "select id from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    await database.query("delete from drizzle.__drizzle_migrations where id = $1", [newest!.id]);
    expect((await get(base, "/api/ready")).body.status).toBe("migrating");
    // Migrating a new database takes seconds, more on a loaded machine.
  }, 120_000);

  it("answers 503 stopping once the process is shutting down", async () => {
    const database = await createTestDatabase();
    const lifecycle = { stopping: false };
    const base = await appOn(database, lifecycle);
    expect((await get(base, "/api/ready")).status).toBe(200);
    lifecycle.stopping = true;
    expect(await get(base, "/api/ready")).toEqual({
      status: 503,
      body: { status: "stopping", database: testEngine },
    });
    expect((await get(base, "/api/health")).status).toBe(200);
  });

  it("answers 503 unavailable when the database does not answer", async () => {
    const database = await createTestDatabase();
    const base = await appOn(database, { stopping: false });
    await database.close();
    // Closed once more by the test's end: a second close must not throw.
    const close = database.close;
    database.close = async () => {
      await close().catch(() => {});
    };
    expect(await get(base, "/api/ready")).toEqual({
      status: 503,
      body: { status: "unavailable", database: testEngine },
    });
  });
});
