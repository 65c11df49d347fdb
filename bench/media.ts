// Uploaded media in the database (server/uploads/postgresMediaStore.ts): ROUNDS times, a
// 10 MB video is stored (uploadSaver, the row and its bytes in one transaction), read whole,
// and read as one 1 MB range from its middle (a video player seeking); median milliseconds
// of each, on PGlite (a fresh data directory) and PostgreSQL (a scratch database created and
// dropped here, on DATABASE_URL or postgres://postgres@127.0.0.1:5432).
// Run with `npx tsx bench/media.ts` (BENCH_ENGINES=pglite or =postgres to run one engine).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { VIDEO_MAX_BYTES } from "../core/uploads/uploadLimits";
import { uploadSaver } from "../server/commands/uploadSaver";
import { type Database, openPglite, openPostgres } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { users } from "../server/db/schema";
import { uploadMediaOf } from "../server/uploads/uploadMedia";

const ROUNDS = 5;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(engine: string, database: Database) {
  await migrate(database);
  const [user] = await database.db
    .insert(users)
    .values({ email: "bench@example.com", passwordHash: "x", name: "Bench", username: "bench" })
    .returning();
  const media = uploadMediaOf({ s3: null }, database.db);
  const video = randomBytes(VIDEO_MAX_BYTES);
  video.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  const store: number[] = [];
  const whole: number[] = [];
  const range: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let start = performance.now();
    const row = await uploadSaver(database.db, media, user!.id, "video", video);
    store.push(performance.now() - start);
    start = performance.now();
    await media.writer.read(row.id, null);
    whole.push(performance.now() - start);
    start = performance.now();
    await media.writer.read(row.id, { start: 5_000_000, end: 5_000_000 + 1_048_575 });
    range.push(performance.now() - start);
  }
  console.log(
    `${engine}: 10 MB video stored ${median(store).toFixed(0)} ms, read whole ${median(whole).toFixed(0)} ms, 1 MB range ${median(range).toFixed(1)} ms (median of ${ROUNDS})`,
  );
}

const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
if (engines.includes("pglite")) {
  const dir = mkdtempSync(join(tmpdir(), "slotted-bench-media-"));
  const database = await openPglite(dir);
  try {
    await measure("PGlite", database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (engines.includes("postgres")) {
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
  const name = `slotted_bench_media_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  try {
    await measure("PostgreSQL", database);
  } finally {
    await database.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}
