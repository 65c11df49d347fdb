import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { Database, RawQuery } from "./database";
import { migrate, migrationsFolder } from "./migrate";

/**
 * Slotted's own backup format, the same for PGlite and PostgreSQL so a backup of one restores
 * into the other: gzip of JSON lines. A header (format, engine, the migrations applied), then
 * per table its columns and its rows, every value in PostgreSQL's text form (bytea as \x hex,
 * ranges, jsonb), then the sequences. Read in one snapshot, so it is consistent.
 */
export const BACKUP_FORMAT = "slotted-backup";
const VERSION = 1;
const BATCH = 500;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: Database["engine"];
  takenAt: string;
  /** drizzle's `created_at` of every migration applied: the schema the rows fit. */
  migrations: number[];
}
type Line =
  | Header
  | { table: string; columns: string[] }
  | { row: (string | null)[] }
  | { sequence: string; value: string; called: boolean }
  | { end: { tables: number; rows: number } };

/** The public tables, each after the tables it references (self-references aside). */
async function tablesInOrder(query: RawQuery): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => row.name);
  const references = await query<{ from: string; to: string }>(
    `select c.conrelid::regclass::text as "from", c.confrelid::regclass::text as "to"
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { from, to } of references) {
      if (from === table && to !== table) visit(to);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** A table's stored columns (generated ones are computed again on restore). */
async function columnsOf(query: RawQuery, table: string) {
  return query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = ''
     order by a.attnum`,
    [table],
  );
}

/** Columns of `table` referencing `table` itself: its rows go out with those nulls first. */
async function selfReferences(query: RawQuery, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select a.attname as name from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
     where c.contype = 'f' and c.conrelid = $1::regclass and c.confrelid = c.conrelid`,
    [table],
  );
  return rows.map((row) => row.name);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes a consistent backup of `database` to `out` (gzip), every table in one snapshot.
 * Returns what it wrote.
 */
export async function writeBackup(
  database: Database,
  out: Writable,
  now: Date,
): Promise<{ tables: number; rows: number }> {
  const gzip = createGzip();
  const finished = new Promise<void>((resolve, reject) => {
    out.on("error", reject);
    out.on("finish", resolve);
    gzip.on("error", reject);
  });
  gzip.pipe(out);
  const write = async (line: Line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) {
      await new Promise((resolve) => gzip.once("drain", resolve));
    }
  };
  const counts = await database.rawTransaction("snapshot", async (query) => {
    const migrations = (
      await query<{ at: string }>(
        "select created_at as at from drizzle.__drizzle_migrations order by created_at",
      ).catch((error: { code?: string }) => {
        if (error.code === "42P01" || error.code === "3F000") {
          throw new RestoreError(
            "this database has no Slotted tables: there is nothing to back up.",
          );
        }
        throw error;
      })
    ).map((row) => Number(row.at));
    await write({
      format: BACKUP_FORMAT,
      version: VERSION,
      engine: database.engine,
      takenAt: now.toISOString(),
      migrations,
    });
    let tables = 0;
    let rows = 0;
    for (const table of await tablesInOrder(query)) {
      const columns = await columnsOf(query, table);
      const first = await selfReferences(query, table);
      await write({ table, columns: columns.map((column) => column.name) });
      tables += 1;
      const order =
        first.length > 0
          ? ` order by ${first.map((c) => `${ident(c)} is not null`).join(", ")}`
          : "";
      const select = columns.map((column) => `${ident(column.name)}::text`).join(", ");
      // A cursor: a large table is read in batches, not held whole in memory.
      await query(
        `declare backup_rows no scroll cursor for select ${select} from ${ident(table)}${order}`,
      );
      for (;;) {
        const batch = await query<Record<string, string | null>>(`fetch ${BATCH} from backup_rows`);
        for (const row of batch) await write({ row: Object.values(row) });
        rows += batch.length;
        if (batch.length < BATCH) break;
      }
      await query("close backup_rows");
    }
    const sequences = await query<{ name: string; value: string | null; called: boolean }>(
      `select format('%I', sequencename) as name, last_value::text as value,
         last_value is not null as called
       from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    for (const sequence of sequences) {
      if (sequence.value !== null) {
        await write({ sequence: sequence.name, value: sequence.value, called: sequence.called });
      }
    }
    await write({ end: { tables, rows } });
    return { tables, rows };
  });
  gzip.end();
  await finished;
  return counts;
}

/**
 * Thrown for a file that is not a Slotted backup, a database that is not empty (restore), or one
 * Slotted never migrated (backup): said in one line.
 */
export class RestoreError extends Error {}

/**
 * Restores a backup into an empty database: the schema is migrated to the backup's migrations,
 * the rows go in, in one transaction, then the migrations this code adds on top run.
 */
export async function restoreBackup(
  database: Database,
  input: Readable,
): Promise<{ tables: number; rows: number }> {
  const counts = await loadBackup(database, input);
  // Then whatever this code's migrations add to the backup's schema.
  await migrate(database);
  return counts;
}

/**
 * Loads a backup into an empty database as the version that wrote it had it: the schema
 * migrated to the backup's migrations only, and its rows. The upgrade test starts from there.
 */
export async function loadBackup(
  database: Database,
  input: Readable,
): Promise<{ tables: number; rows: number }> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<Line | null> => {
    const { value, done } = await iterator.next();
    return done ? null : (JSON.parse(value) as Line);
  };
  let header: Line | null;
  try {
    header = await next();
  } catch {
    throw new RestoreError("this file is not a Slotted backup (npm run backup writes one).");
  }
  if (header === null || !("format" in header) || header.format !== BACKUP_FORMAT) {
    throw new RestoreError("this file is not a Slotted backup (npm run backup writes one).");
  }
  if (header.version > VERSION) {
    throw new RestoreError(`this backup's format (${header.version}) is newer than this Slotted.`);
  }
  await refuseUnlessEmpty(database);
  await migrateTo(database, header.migrations);

  return database.rawTransaction("write", async (query) => {
    // Rows a migration seeded make way for the backup's own.
    const existing = await tablesInOrder(query);
    if (existing.length > 0) await query(`truncate ${existing.map(ident).join(", ")}`);
    // The rows are restored as they were: triggers that derive rows (versions, counters) would
    // write them a second time. Foreign keys stay checked (the tables come in order).
    for (const name of existing) await query(`alter table ${ident(name)} disable trigger user`);
    let tables = 0;
    let rows = 0;
    let table: { name: string; columns: string[]; types: string[] } | null = null;
    let pending: (string | null)[][] = [];
    const flush = async () => {
      if (table === null || pending.length === 0) return;
      const width = table.columns.length;
      const values = pending
        .map(
          (_, r) =>
            `(${table!.types.map((type, c) => `$${r * width + c + 1}::text::${type}`).join(", ")})`,
        )
        .join(", ");
      await query(
        `insert into ${ident(table.name)} (${table.columns.map(ident).join(", ")}) values ${values}`,
        pending.flat(),
      );
      rows += pending.length;
      pending = [];
    };
    for (;;) {
      const line = await next();
      if (line === null) throw new RestoreError("this backup is cut short (no end mark).");
      if ("table" in line) {
        await flush();
        const types = new Map(
          (await columnsOf(query, line.table)).map((column) => [column.name, column.type]),
        );
        const missing = line.columns.filter((column) => !types.has(column));
        if (missing.length > 0) {
          throw new RestoreError(`table ${line.table} has no column ${missing.join(", ")} here.`);
        }
        table = {
          name: line.table,
          columns: line.columns,
          types: line.columns.map((column) => types.get(column)!),
        };
        tables += 1;
      } else if ("row" in line) {
        pending.push(line.row);
        // PostgreSQL takes at most 65535 parameters per statement.
        if ((pending.length + 1) * line.row.length > 60_000 || pending.length >= BATCH) {
          await flush();
        }
      } else if ("sequence" in line) {
        await flush();
        await query("select setval($1::regclass, $2::bigint, $3)", [
          line.sequence,
          line.value,
          line.called,
        ]);
      } else if ("end" in line) {
        await flush();
        break;
      }
    }
    for (const name of existing) await query(`alter table ${ident(name)} enable trigger user`);
    return { tables, rows };
  });
}

async function refuseUnlessEmpty(database: Database): Promise<void> {
  const [found] = await database.query<{ tables: string }>(
    "select count(*) as tables from pg_tables where schemaname = 'public'",
  );
  if (Number(found?.tables ?? 0) === 0) return;
  const [users] = await database.query<{ n: string }>(
    "select (select count(*) from users) + (select count(*) from events) as n",
  );
  if (Number(users?.n ?? 0) > 0) {
    throw new RestoreError(
      "the database is not empty: restore into a new database (or an empty DATA_DIR).",
    );
  }
  const applied = await database.query<{ at: string }>(
    "select created_at as at from drizzle.__drizzle_migrations",
  );
  if (applied.length > 0) {
    throw new RestoreError(
      "the database already has Slotted's tables: restore into a new database (or an empty DATA_DIR).",
    );
  }
}

/** Applies this code's migrations up to the last one the backup had, no further. */
async function migrateTo(database: Database, applied: number[]): Promise<void> {
  const journalPath = join(migrationsFolder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { when: number }[];
  };
  const known = new Set(journal.entries.map((entry) => entry.when));
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new RestoreError(
      "this backup was made by a newer Slotted (it has migrations this one lacks): restore it with that version or later.",
    );
  }
  const last = Math.max(0, ...applied);
  const folder = mkdtempSync(join(tmpdir(), "slotted-restore-"));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    journal.entries = journal.entries.filter((entry) => entry.when <= last);
    writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    await database.withConnection((db) => migrateNodePg(db, { migrationsFolder: folder }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
