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
