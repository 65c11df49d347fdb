import { sql } from "drizzle-orm";
import type { Database } from "../db/database";

/** Every table of the public schema, by name. */
async function tableNames(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (result.rows as { name: string }[]).map((row) => row.name);
}

/**
 * A function that reads one checksum per table (every row's text, sorted, hashed), in one
 * statement: two reads differ exactly when some row was inserted, changed or deleted.
 */
export async function tableChecksums(
  database: Database,
): Promise<() => Promise<Record<string, string>>> {
  const names = await tableNames(database);
  const statement = names
    .map(
      (name) =>
        `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
    )
    .join(" union all ");
  return async () => {
    const result = await database.db.execute(sql.raw(statement));
    return Object.fromEntries(
      (result.rows as { name: string; sum: string }[]).map((row) => [row.name, row.sum]),
    );
  };
}
