import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../migrate";
import { BASELINE, type Baseline } from "./fixtureFiles";

const baseline = JSON.parse(readFileSync(BASELINE, "utf8")) as Baseline;
const journal = JSON.parse(
  readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as {
  entries: { tag: string; when: number }[];
};

// Databases of 0.1.0 exist: they have exactly these migrations applied, and drizzle applies only
// migrations newer than the last one a database has. So after the baseline, migrations are
// append-only: none of its migrations is edited, removed or reordered, and every new one comes
// after it. A change of schema is a new migration.
describe("the 0.1.0 baseline", () => {
  it("keeps every migration of 0.1.0 as it was, first and in order", () => {
    const files = readMigrationFiles({ migrationsFolder });
    const current = journal.entries.map((entry, index) => ({
      tag: entry.tag,
      when: entry.when,
      hash: files[index]!.hash,
    }));
    expect(baseline.version).toBe("0.1.0");
    expect(current.slice(0, baseline.migrations.length)).toEqual(baseline.migrations);
  });

  it("applies every migration after it later than it, in the journal's order", () => {
    const whens = journal.entries.map((entry) => entry.when);
    for (let i = 1; i < whens.length; i += 1) {
      expect(whens[i], journal.entries[i]!.tag).toBeGreaterThan(whens[i - 1]!);
    }
  });
});
