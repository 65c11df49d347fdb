import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { migrationsFolder } from "../db/migrate";

/**
 * The migrations folder as it was before `tag`: the files and a journal that ends earlier, so
 * a test can fill a database of that age and then migrate it. Removed after the file's tests.
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
