import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/testDatabase";
import { migrate } from "./migrate";

describe("migrate", () => {
  it("is a no-op on a migrated database", async () => {
    const database = await createTestDatabase();
    try {
      const before = await database.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      await migrate(database);
      const after = await database.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(after).toEqual(before);
      expect(before[0]!.n).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  });

  it("installs the exclusion constraint that forbids overlapping busy time per host", async () => {
    const database = await createTestDatabase();
    try {
      const rows = await database.query<{ def: string }>(
        "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'host_busy_no_overlap'",
      );
      expect(rows[0]!.def).toBe("EXCLUDE USING gist (host_id WITH =, during WITH &&)");
    } finally {
      await database.close();
    }
  });
});
