// How long `npm run backup` reads (the pause a running PGlite server's other queries wait for)
// and how long a restore takes, with the file's size, for 5,000 events on PGlite and PostgreSQL.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../server/db/database";
import { restoreBackup, writeBackup } from "../server/db/logicalBackup";
import { migrate } from "../server/db/migrate";
import { seedEvents } from "./fixtures/seedEvents";

const EVENTS = 5_000;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rows: Record<string, string | number>[] = [];

async function measure(label: string, source: Database, target: () => Promise<Database>) {
  await migrate(source);
  await seedEvents(source, EVENTS);
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-backup-"));
  const file = join(dir, "backup.gz");
  let started = performance.now();
  const { rows: written } = await writeBackup(source, createWriteStream(file), new Date());
  const backupMs = performance.now() - started;
  await source.close();
  const restored = await target();
  started = performance.now();
  await restoreBackup(restored, createReadStream(file));
  const restoreMs = performance.now() - started;
  await restored.close();
  rows.push({
    case: label,
    rows: written,
    "backup (ms)": Math.round(backupMs),
    "file (KB)": Math.round(statSync(file).size / 1024),
    "restore (ms)": Math.round(restoreMs),
  });
  rmSync(dir, { recursive: true, force: true });
}

const pgliteDir = () => mkdtempSync(join(tmpdir(), "slotted-bench-pglite-"));
await measure(
  `PGlite → PGlite, ${EVENTS.toLocaleString("en")} events`,
  await openPglite(pgliteDir()),
  () => openPglite(pgliteDir()),
);

const admin = new pg.Client({ connectionString: POSTGRES });
try {
  await admin.connect();
  const names = [`slotted_bench_backup_${process.pid}_a`, `slotted_bench_backup_${process.pid}_b`];
  const urls = names.map((name) => {
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    return url.toString();
  });
  for (const name of names) await admin.query(`create database ${name}`);
  await measure(
    `PostgreSQL → PostgreSQL, ${EVENTS.toLocaleString("en")} events`,
    openPostgres(urls[0]!),
    async () => openPostgres(urls[1]!),
  );
  for (const name of names) await admin.query(`drop database ${name} with (force)`);
} catch (error) {
  console.log(`PostgreSQL skipped: ${(error as Error).message}`);
} finally {
  await admin.end().catch(() => {});
}

console.log("\nbench/backup: logical backup and restore (Slotted's own format)");
console.table(rows);
