import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/testDatabase";
import { openPostgres } from "./database";
import { migrate } from "./migrate";

describe("migrate on a PostgreSQL server", () => {
  it("lets processes starting together migrate once, none failing", async () => {
    const template = await createTestDatabase();
    const url = new URL(template.url!);
    await template.query(
      "drop schema public cascade; drop schema drizzle cascade; create schema public",
    );
    await template.close();
    const processes = Array.from({ length: 4 }, () => openPostgres(url.toString(), 2));
    try {
      await Promise.all(processes.map((database) => migrate(database)));
      const [first] = processes;
      const applied = await first!.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      const journal = await import("./migrations/meta/_journal.json", { with: { type: "json" } });
      expect(applied[0]!.n).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
    }
  });
});
