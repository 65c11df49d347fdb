import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { projectRoot } from "../projectRoot";
import { tableChecksums } from "../test/tableChecksums";
import { createTestDatabase, testEngine } from "../test/testDatabase";
import { type Database, openPglite, pgliteOptions } from "./database";
import { MigrationError, migrate, migrationsFolder } from "./migrate";

const scratch = mkdtempSync(join(tmpdir(), "slotted-failing-migration-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** This code's migrations and, after them, `added` (tag and SQL), in a folder of their own. */
function withMigrations(added: [string, string][]): string {
  const folder = join(scratch, `migrations-${added.map(([tag]) => tag).join("-")}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  let when = Math.max(...journal.entries.map((entry) => entry.when));
  for (const [tag, text] of added) {
    when += 1;
    journal.entries.push({
      idx: journal.entries.length,
      version: "7",
      when,
      tag,
      breakpoints: true,
    });
    writeFileSync(join(folder, `${tag}.sql`), text);
  }
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const journalWhen = (tag: string) =>
  (
    JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    }
  ).entries.find((entry) => entry.tag === tag)!.when;

const applied = async (database: Database) =>
  (
    await database.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    )
  )[0]!.n;

describe("a migration that fails", () => {
  it("leaves the database as it was, the pending ones before it too, and says which in one line", async () => {
    const database = await createTestDatabase();
    try {
      await database.query(
        "insert into users (email, name, username, password_hash, time_zone) values ('kept@example.com', 'Kept', 'kept', 'x', 'UTC')",
      );
      const checksums = await tableChecksums(database);
      const before = await checksums();
      const count = await applied(database);
      const folder = withMigrations([
        ["9998_fine", 'CREATE TABLE "fine_probe" ("id" integer);'],
        [
          "9999_broken",
          'ALTER TABLE "users" ADD COLUMN "probe" integer;--> statement-breakpoint\nSELECT 1 / 0;',
        ],
      ]);
      const failure = await migrate(database, folder).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toBe("migration 9999_broken failed: division by zero");
      expect(await checksums()).toEqual(before);
      expect(await applied(database)).toBe(count);
      const probes = await database.query(
        "select 1 from information_schema.tables where table_name = 'fine_probe' union all select 1 from information_schema.columns where column_name = 'probe'",
      );
      expect(probes).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("stops the start with one line naming it, the database as it was", {
    timeout: 180_000,
  }, async () => {
    // A migrated database that has 0034_gcal's column but not its record, as if something
    // else had added the column: 0034_gcal (and any after it) run again at start, and fail.
    const dataDir = mkdtempSync(join(scratch, "data-"));
    let database: Database & { url?: string };
    if (testEngine === "pglite") {
      const template = new PGlite({
        dataDir: join(dataDir, "pglite"),
        loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
        ...pgliteOptions,
      });
      await template.waitReady;
      await template.close();
      database = await openPglite(join(dataDir, "pglite"));
    } else {
      database = await createTestDatabase();
    }
    const [gcal] = await database.query<{ when: string }>(
      "select created_at::text as when from drizzle.__drizzle_migrations order by created_at offset 34 limit 1",
    );
    expect(Number(gcal!.when)).toBe(journalWhen("0034_gcal"));
    await database.query("delete from drizzle.__drizzle_migrations where created_at >= $1", [
      gcal!.when,
    ]);
    const checksums = await tableChecksums(database);
    const before = await checksums();
    const count = await applied(database);
    const url = database.url;
    if (testEngine === "pglite") await database.close();

    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(projectRoot, "server", "main.ts")],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: url ?? "",
          HOST: "127.0.0.1",
          PORT: "0",
          LOG_LEVEL: "error",
        },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trimEnd().split("\n")).toEqual([
      'slotted: migrating the database failed, nothing was changed: migration 0034_gcal failed: column "cancel_on_delete" of relation "calendar_connections" already exists',
    ]);

    if (testEngine === "pglite") database = await openPglite(join(dataDir, "pglite"));
    try {
      expect(await (await tableChecksums(database))()).toEqual(before);
      expect(await applied(database)).toBe(count);
    } finally {
      await database.close();
    }
  });
});
