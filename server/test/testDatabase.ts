import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPostgres, pgliteOptions, wrapPglite } from "../db/database";

export const testEngine = (process.env.TEST_ENGINE ?? "pglite") as "pglite" | "postgres";

/** A migrated database of its own for one test file, on the engine of this vitest project. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testEngine === "pglite") {
    const dump = readFileSync(inject("pgliteTemplate"));
    const client = new PGlite({ loadDataDir: new Blob([dump]), ...pgliteOptions });
    await client.waitReady;
    return wrapPglite(client);
  }
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject("postgresTemplate");
  const name = `${template.replace(/_template$/, "")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { ...openPostgres(dbUrl.toString()), url: dbUrl.toString() };
}

/**
 * A database of its own with no Slotted schema at all, as a new install or a restore starts
 * from: a test database with its schemas dropped.
 */
export async function createEmptyTestDatabase(): Promise<Database & { url?: string }> {
  const database = await createTestDatabase();
  await database.query("drop schema public cascade");
  await database.query("drop schema drizzle cascade");
  await database.query("create schema public");
  return database;
}
