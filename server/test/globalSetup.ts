import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres, pgliteOptions, wrapPglite } from "../db/database";
import { migrate } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run and hands it to the test files as a template: a PGlite
 * data-directory dump (loading it skips initdb), or a PostgreSQL template database that
 * each file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // Project env reaches the test workers only; the project name says the engine here.
  const engine = project.name.endsWith("postgres") ? "postgres" : "pglite";
  if (engine === "pglite") {
    const client = new PGlite({ ...pgliteOptions });
    await migrate(wrapPglite(client));
    const dump = await client.dumpDataDir("none");
    await client.close();
    const dir = mkdtempSync(join(tmpdir(), "slotted-test-"));
    const file = join(dir, "template.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const prefix = `slotted_t${randomBytes(4).toString("hex")}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = openPostgres(templateUrl.toString(), 1);
  await migrate(database);
  await database.close();
  project.provide("postgresTemplate", template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
  };
}
