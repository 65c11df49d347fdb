import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteExtensions, wrapPglite } from "./database";
import { migrate, migrationsFolder } from "./migrate";

const BEFORE = "0005_email_verification";

/** The migrations folder as it was before `tag`: the files and a journal that ends earlier. */
function migrationsBefore(tag: string): string {
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

describe(`migration ${BEFORE}`, () => {
  it("counts every account made before it as verified, so their pages stay published", async () => {
    const database = wrapPglite(new PGlite({ extensions: pgliteExtensions }));
    try {
      const older = migrationsBefore(BEFORE);
      await database.withConnection((db) => migrateNodePg(db, { migrationsFolder: older }));
      await database.query(
        `insert into users (email, password_hash, name, username, created_at)
         values ('old@example.com', 'x', 'Old', 'old-host', '2026-01-02T03:04:05Z')`,
      );
      await migrate(database);
      const [user] = await database.query<{ verified: Date | null; created: Date }>(
        "select email_verified_at as verified, created_at as created from users where username = 'old-host'",
      );
      expect(user!.verified).not.toBeNull();
      expect(new Date(user!.verified!).getTime()).toBe(new Date(user!.created).getTime());
    } finally {
      await database.close();
    }
  });
});
