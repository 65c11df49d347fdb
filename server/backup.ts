// `npm run backup [FILE]` and `npm run restore FILE`: the database (and the uploads kept in it)
// to one compressed file and back, on either engine. See docs/operations.md.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
} from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { ConfigError, loadConfig } from "./config";
import { BACKUP_SOCKET } from "./db/backupSocket";
import { type Database, openPglite, openPostgres } from "./db/database";
import { lockDataDir } from "./db/dataDirLock";
import { RestoreError, restoreBackup, writeBackup } from "./db/logicalBackup";

function fail(message: string): never {
  console.error(`slotted: ${message}`);
  process.exit(1);
}

function usage(): never {
  fail(
    "usage: npm run backup [-- FILE] [-- --pg-dump]  |  npm run restore -- FILE  (see docs/operations.md)",
  );
}

/** PGlite's data directory opened by this process, or null when a running server holds it. */
async function openOwnPglite(dataDir: string): Promise<Database | null> {
  mkdirSync(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch {
    return null;
  }
  const database = await openPglite(join(dataDir, "pglite"));
  return {
    ...database,
    close: async () => {
      await database.close();
      release();
    },
  };
}

function hasPgDump(): boolean {
  return spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0;
}

async function backup(args: string[]): Promise<void> {
  const config = loadConfig();
  const pgDump = args.includes("--pg-dump");
  const named = args.find((arg) => !arg.startsWith("--"));
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = resolve(
    named ??
      join(config.dataDir, "backups", `slotted-${stamp}.${pgDump ? "pgdump" : "slotted.gz"}`),
  );
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.partial`;
  if (pgDump) {
    if (config.databaseUrl === null) fail("--pg-dump needs DATABASE_URL (PostgreSQL).");
    if (!hasPgDump())
      fail("pg_dump is not installed; leave out --pg-dump for Slotted's own format.");
    const dumped = spawnSync(
      "pg_dump",
      ["--format=custom", "--no-owner", "--file", draft, config.databaseUrl],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (dumped.status !== 0) {
      rmSync(draft, { force: true });
      fail("pg_dump failed (its message is above).");
    }
  } else if (config.databaseUrl !== null) {
    const database = openPostgres(config.databaseUrl, 1);
    try {
      await writeBackup(database, createWriteStream(draft), new Date());
    } catch (error) {
      rmSync(draft, { force: true });
      throw error;
    } finally {
      await database.close();
    }
  } else {
    if (!existsSync(join(config.dataDir, "pglite"))) {
      fail(`there is no database in ${config.dataDir} to back up; set DATA_DIR or DATABASE_URL.`);
    }
    const own = await openOwnPglite(config.dataDir);
    if (own !== null) {
      try {
        await writeBackup(own, createWriteStream(draft), new Date());
      } catch (error) {
        rmSync(draft, { force: true });
        throw error;
      } finally {
        await own.close();
      }
    } else {
      // A server runs on this DATA_DIR: it writes the backup through its socket.
      const socket = connect(join(config.dataDir, BACKUP_SOCKET));
      await pipeline(socket, createWriteStream(draft)).catch((error) => {
        rmSync(draft, { force: true });
        fail(`the running server did not write a backup: ${(error as Error).message}`);
      });
    }
  }
  renameSync(draft, file);
  console.log(`Backup written: ${file}`);
}

/** Whether `file` starts as pg_dump's custom format does. */
function isPgDump(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(5);
    readSync(fd, head, 0, 5, 0);
    return head.toString("latin1") === "PGDMP";
  } finally {
    closeSync(fd);
  }
}

async function restore(args: string[]): Promise<void> {
  const named = args.find((arg) => !arg.startsWith("--"));
  if (named === undefined) usage();
  const file = resolve(named);
  if (!existsSync(file)) fail(`${file} does not exist.`);
  const config = loadConfig();
  if (isPgDump(file)) {
    if (config.databaseUrl === null) {
      fail(
        "a pg_dump backup restores into PostgreSQL only: set DATABASE_URL to an empty database.",
      );
    }
    const restored = spawnSync(
      "pg_restore",
      [
        "--no-owner",
        "--exit-on-error",
        "--single-transaction",
        "--dbname",
        config.databaseUrl,
        file,
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    if (restored.status !== 0) fail("pg_restore failed (its message is above).");
    console.log(`Restored ${file} with pg_restore.`);
    return;
  }
  let database: Database;
  if (config.databaseUrl !== null) {
    database = openPostgres(config.databaseUrl, 1);
  } else {
    const pgliteDir = join(config.dataDir, "pglite");
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
      fail(`${pgliteDir} is not empty: restore into a new DATA_DIR (or move that folder aside).`);
    }
    const own = await openOwnPglite(config.dataDir);
    if (own === null) fail(`a Slotted server is running on ${config.dataDir}; stop it first.`);
    database = own;
  }
  try {
    const { tables, rows } = await restoreBackup(database, createReadStream(file));
    console.log(`Restored ${rows} rows in ${tables} tables from ${file}.`);
  } catch (error) {
    if (error instanceof RestoreError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

try {
  const [command, ...args] = process.argv.slice(2);
  if (command === "backup") await backup(args);
  else if (command === "restore") await restore(args);
  else usage();
} catch (error) {
  if (error instanceof ConfigError || error instanceof RestoreError) fail(error.message);
  throw error;
}
