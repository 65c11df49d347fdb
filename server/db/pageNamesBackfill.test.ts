import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrateBefore } from "../test/migrationsBefore";
import { createTestDatabase, testEngine } from "../test/testDatabase";
import { type Database, pgliteExtensions, wrapPglite } from "./database";
import { migrate } from "./migrate";
import { sqlState } from "./sqlState";

const BEFORE = "0023_page_names";

/** A database with no tables yet, on this project's engine. */
async function emptyDatabase(): Promise<Database> {
  if (testEngine === "pglite") return wrapPglite(new PGlite({ extensions: pgliteExtensions }));
  const database = await createTestDatabase();
  await database.query(
    "drop schema public cascade; drop schema drizzle cascade; create schema public",
  );
  return database;
}

describe(`migration ${BEFORE}`, () => {
  // Every migration from an empty database, twice over: on a busy two-core machine PGlite takes
  // most of the default 30 s for that alone.
  it("gives every user and team its name, and renames the claim the public page did not show", async () => {
    const database = await emptyDatabase();
    try {
      await migrateBefore(database, BEFORE);
      await database.query(
        `insert into teams (name, slug, created_at) values
           ('Acme', 'acme', '2026-01-01T00:00:00Z'),
           ('Beta', 'beta', '2026-03-01T00:00:00Z'),
           ('Gamma', 'gamma', '2026-01-01T00:00:00Z'),
           ('Team', 'team-only', '2026-01-01T00:00:00Z')`,
      );
      await database.query(
        `insert into users (email, password_hash, name, username, email_verified_at, created_at) values
           ('acme@example.com', 'x', 'Verified', 'acme', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z'),
           ('beta@example.com', 'x', 'Unverified', 'beta', null, '2026-01-01T00:00:00Z'),
           ('gamma@example.com', 'x', 'Gamma', 'gamma', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z'),
           ('gamma2@example.com', 'x', 'Gamma 2', 'gamma-2', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z'),
           ('solo@example.com', 'x', 'Solo', 'solo', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z')`,
      );
      await migrate(database);

      const owners = await database.query<{ name: string; owner: string }>(
        `select p.name, coalesce(u.email, t.name) as owner from page_names p
         left join users u on u.id = p.user_id and u.username = p.name
         left join teams t on t.id = p.team_id and t.slug = p.name order by p.name`,
      );
      expect(owners).toEqual([
        // The verified user was what /acme showed: they keep it, the team moves.
        { name: "acme", owner: "acme@example.com" },
        { name: "acme-2", owner: "Acme" },
        // /beta showed nothing for the unverified user: the team keeps it.
        { name: "beta", owner: "Beta" },
        { name: "beta-2", owner: "beta@example.com" },
        // gamma-2 belongs to someone already: the team takes the next free suffix.
        { name: "gamma", owner: "gamma@example.com" },
        { name: "gamma-2", owner: "gamma2@example.com" },
        { name: "gamma-3", owner: "Gamma" },
        { name: "solo", owner: "solo@example.com" },
        { name: "team-only", owner: "Team" },
      ]);

      // From now on the database refuses a second owner for a name, whoever writes.
      const refused = await database
        .query("insert into teams (name, slug) values ('Solo', 'solo')")
        .catch((error: unknown) => error);
      expect(sqlState(refused)).toBe("23505");
    } finally {
      await database.close();
    }
  }, 120_000);
});
