import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { projectRoot } from "../projectRoot";
import type { Database } from "./database";

export const migrationsFolder = join(projectRoot, "server", "db", "migrations");

// Any fixed number: every process of this product takes the same lock.
const MIGRATION_LOCK = 727_001;

/** A migration failed; every pending one was rolled back. Its message is one line. */
export class MigrationError extends Error {}

/**
 * Applies pending migrations, all in one transaction: one that fails leaves the database as it
 * was and throws a MigrationError naming it. On a PostgreSQL server they run under a session
 * advisory lock, so processes starting together wait for the first instead of failing or
 * migrating twice. `folder` is for tests that add a migration of their own.
 */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      // drizzle's migrator only uses the shared dialect/session API, so one call serves both engines.
      await migrateNodePg(db, { migrationsFolder: folder });
    } catch (error) {
      throw migrationError(error, folder);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

/**
 * drizzle reports a failed statement with its whole SQL over many lines; an operator needs the
 * migration's name and PostgreSQL's reason.
 */
function migrationError(error: unknown, folder: string): MigrationError {
  const failed = error as { query?: string; cause?: { message?: string; code?: string } };
  const cause = failed.cause ?? (error as { message?: string; code?: string });
  const reason = (cause.message || String(cause.code ?? error)).split("\n")[0];
  const tag = failed.query === undefined ? null : migrationOf(failed.query, folder);
  return new MigrationError(
    `${tag === null ? "a migration" : `migration ${tag}`} failed: ${reason}`,
    {
      cause: error,
    },
  );
}

/** The tag of the migration in `folder` that has `statement`, if one does. */
function migrationOf(statement: string, folder: string): string | null {
  const { entries } = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  const index = files.findIndex((file) =>
    file.sql.some((part) => part.trim() === statement.trim()),
  );
  return entries[index]?.tag ?? null;
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
