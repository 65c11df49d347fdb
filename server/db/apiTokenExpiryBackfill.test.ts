import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { API_TOKEN_DEFAULT_DAYS } from "../../core/api/tokens";
import { migrateBefore } from "../test/migrationsBefore";
import { pgliteExtensions, wrapPglite } from "./database";
import { migrate } from "./migrate";

const BEFORE = "0022_api_token_expiry";

describe(`migration ${BEFORE}`, () => {
  // Two runs of every migration on an embedded database: slow on a busy machine.
  it("gives every API token made before it the default lifetime from the upgrade on", {
    timeout: 120_000,
  }, async () => {
    const database = wrapPglite(new PGlite({ extensions: pgliteExtensions }));
    try {
      await migrateBefore(database, BEFORE);
      await database.query(
        `insert into users (id, email, password_hash, name, username)
         values ('00000000-0000-4000-8000-000000000001', 'old@example.com', 'x', 'Old', 'old-host')`,
      );
      await database.query(
        `insert into auth_tokens (user_id, token_hash, kind, name, created_at, expires_at) values
         ('00000000-0000-4000-8000-000000000001', 'api-hash', 'api', 'old script', '2025-01-02T03:04:05Z', null),
         ('00000000-0000-4000-8000-000000000001', 'session-hash', 'session', null, '2026-01-02T03:04:05Z', '2026-02-01T03:04:05Z')`,
      );
      await migrate(database);
      const rows = await database.query<{
        kind: string;
        expires: Date;
        upgraded: Date;
        last: Date | null;
      }>(
        "select kind, expires_at as expires, now() as upgraded, last_used_at as last from auth_tokens order by kind",
      );
      const [api, session] = rows;
      // now() is the upgrade's transaction time, earlier than the query's; a day is plenty.
      const expected = new Date(api!.upgraded).getTime() + API_TOKEN_DEFAULT_DAYS * 86_400_000;
      expect(Math.abs(new Date(api!.expires).getTime() - expected)).toBeLessThan(86_400_000);
      expect(api!.last).toBeNull();
      expect(new Date(session!.expires).toISOString()).toBe("2026-02-01T03:04:05.000Z");
    } finally {
      await database.close();
    }
  });
});
