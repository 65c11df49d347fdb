import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The query API both engines share; PGlite's drizzle database has the same surface. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Engine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: Engine;
  /**
   * Raw SQL with $1-style parameters, for tests, benches and the few queries drizzle cannot say.
   * A `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection);
   * the text must then be the same on every call under that name.
   */
  query<T>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs `fn` on one connection, for session-level work such as advisory locks. */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of each notification on `channel` (sent by any connection,
   * delivered when its transaction commits), and with null when some may have been missed (a
   * dropped connection, listening again). Resolves with what stops listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Runs `fn` in one transaction of raw SQL on one connection: `snapshot` reads as of its start
   * (repeatable read, read only), `write` is a plain read-write one. On PGlite every other query
   * waits until it ends (one connection), which is the pause a backup costs there.
   */
  rawTransaction<T>(mode: "snapshot" | "write", fn: (query: RawQuery) => Promise<T>): Promise<T>;
  /** The connection pool's use (PostgreSQL); PGlite is one connection and has none. */
  poolUse?(): { max: number; total: number; idle: number; waiting: number };
}

/** How long a dropped LISTEN connection waits before connecting again. */
const RELISTEN_MS = 1000;

/**
 * Raw SQL straight to the driver. On PGlite it costs a third of a drizzle call (0.04 against 0.12
 * ms for `select 1`: drizzle passes type parsers with each query, which PGlite sets up per query),
 * so the timetable's per-request reads use it.
 */
export type RawQuery = Database["query"];

export const pgliteExtensions = { btree_gist };

/**
 * How the embedded PostgreSQL starts: PGlite's defaults with a 16 MB buffer cache instead of
 * PostgreSQL's 128 MB. PGlite is one process in this one, so its buffer cache is this process's
 * memory (filled by the first large reads and never given back); its files are read through the
 * operating system's page cache, so a small one costs a copy, not a disk read. With 128 MB the
 * server sat at 500–570 MB; with 16 MB see bench/memory.ts. WAL buffers follow (1/32 of it).
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** PGlite's options for every instance Slotted opens (server, tools, tests). */
export const pgliteOptions = {
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/** Opens PostgreSQL at `url`. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (a server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    engine: "postgres",
    query: async <T>(text: string, params?: unknown[], name?: string) =>
      (await pool.query({ text, values: params as unknown[], ...(name ? { name } : {}) }))
        .rows as T[],
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(drizzleNodePg(client, { schema }));
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    async rawTransaction(mode, fn) {
      const client = await pool.connect();
      try {
        await client.query(
          mode === "snapshot" ? "begin isolation level repeatable read read only" : "begin",
        );
        const result = await fn(
          async <R>(text: string, params?: unknown[]) =>
            (await client.query({ text, values: params as unknown[] })).rows as R[],
        );
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * LISTEN needs a connection of its own, held for as long as it listens (a pool would hand it to
 * queries and back). One that drops is replaced after RELISTEN_MS, and `onNotify(null)` then
 * says that notifications may have been missed meanwhile.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  const again = () => {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, RELISTEN_MS);
    retry.unref();
  };
  async function connect(reconnecting: boolean) {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? null);
    });
    // An error ends the connection; "end" then brings another.
    next.on("error", () => {});
    next.on("end", () => {
      if (client === next) again();
    });
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch {
      await next.end().catch(() => {});
      again();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (reconnecting) onNotify(null);
  }
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** Wraps an open PGlite instance (a data directory, memory, or a test template's copy). */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    // PGlite is a single connection already.
    withConnection: (fn) => fn(db),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        // A closed instance has nothing left to unlisten.
        if (!client.closed) await unlisten();
      };
    },
    rawTransaction: (mode, fn) =>
      client.transaction(async (tx) => {
        if (mode === "snapshot") {
          await tx.query("set transaction isolation level repeatable read read only");
        }
        return fn(
          async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
        );
      }),
    close: () => client.close(),
  };
}

/**
 * Creates the embedded database in an empty `dataDir` in a short-lived child process. PGlite
 * creates one by starting a second instance of itself for initdb; in this process the memory of
 * that instance stayed resident after it closed (about 120 MB more at idle for the life of the
 * server started on a fresh DATA_DIR). The child's memory goes when it exits.
 */
function initPglite(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `
    const { PGlite } = require(process.argv[1]);
    const client = new PGlite({ dataDir: process.argv[2], startParams: JSON.parse(process.argv[3]) });
    client.waitReady.then(() => client.close()).then(
      () => process.exit(0),
      (error) => { console.error(String(error && error.message || error)); process.exit(1); },
    );`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["-e", script, entry, dataDir, JSON.stringify(pgliteOptions.startParams)],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the embedded database failed: ${stderr.trim() || code}`)),
    );
  });
}

/** Opens the embedded PostgreSQL in `dataDir`, creating it on first use. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(join(dataDir, "PG_VERSION"))) await initPglite(dataDir);
  const client = new PGlite({ dataDir, ...pgliteOptions });
  await client.waitReady;
  return wrapPglite(client);
}

/** A cheap round trip, for the health check. */
export async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
