import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { projectRoot } from "../projectRoot";
import type { Database } from "./database";

export const migrationsFolder = join(projectRoot, "server", "db", "migrations");

// Any fixed number: every process of this product takes the same lock.
const MIGRATION_LOCK = 727_001;

/**
 * Applies pending migrations. On a PostgreSQL server they run under a session advisory lock,
 * so processes starting together wait for the first instead of failing or migrating twice.
 */
export async function migrate(database: Database): Promise<void> {
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      // drizzle's migrator only uses the shared dialect/session API, so one call serves both engines.
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

/** The `when` of the newest migration this code ships (drizzle stores it as `created_at`). */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

let newest: number | null = null;

/**
 * Whether the database has every migration of this code: false while they are pending (another
 * process migrating, a database restored from an older release), and when none ever ran.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  newest ??= newestMigration();
  try {
    const [row] = await database.query<{ last: string | number | null }>(
      "select max(created_at) as last from drizzle.__drizzle_migrations",
    );
    return row?.last != null && Number(row.last) >= newest;
  } catch (error) {
    // No migrations table (nor schema) yet: nothing was applied.
    if (["42P01", "3F000"].includes((error as { code?: string }).code ?? "")) return false;
    throw error;
  }
}
