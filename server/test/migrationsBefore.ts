import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { afterAll, expect } from "vitest";
import type { Database } from "../db/database";
import { migrationsFolder } from "../db/migrate";

/**
 * The migrations folder as it was before `tag`: the files and a journal that ends earlier, so a
 * test can write the data a migration meets in the wild and then run it. Removed after the file.
 */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "slotted-migrations-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { tag: string; idx: number }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Migrates `database` up to, not including, the migration `tag`. */
export async function migrateBefore(database: Database, tag: string): Promise<void> {
  const older = migrationsBefore(tag);
  await database.withConnection((db) => migrateNodePg(db, { migrationsFolder: older }));
}
