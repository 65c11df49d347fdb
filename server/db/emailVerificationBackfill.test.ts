import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrateBefore } from "../test/migrationsBefore";
import { pgliteExtensions, wrapPglite } from "./database";
import { migrate } from "./migrate";

const BEFORE = "0005_email_verification";

describe(`migration ${BEFORE}`, () => {
  // Two fresh migrations of an empty PGlite: seconds alone, half a minute on a busy two-core CI.
  it("counts every account made before it as verified, so their pages stay published", {
    timeout: 120_000,
  }, async () => {
    const database = wrapPglite(new PGlite({ extensions: pgliteExtensions }));
    try {
      await migrateBefore(database, BEFORE);
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
