import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, Tx } from "../db/database";

const dialect = new PgDialect();

/**
 * Runs `statement` as a named prepared statement on a PostgreSQL server (parsed and planned once
 * per connection, which is a good part of a short query's cost there), or plainly on PGlite and
 * inside transactions. The statement's text must be the same on every call under one `name`.
 */
export async function runPrepared<Row>(db: Db | Tx, name: string, statement: SQL): Promise<Row[]> {
  // drizzle keeps the driver's client on $client, which its database type does not declare.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = dialect.sqlToQuery(statement);
    const result = await client.query({ name, text: query.sql, values: query.params });
    return result.rows as Row[];
  }
  return (await db.execute(statement)).rows as Row[];
}
