import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Database, openPglite, openPostgres } from "./db/database";
import { projectRoot } from "./projectRoot";
import { call, hostWithEventType } from "./test/httpHost";
import { TINY_PNG } from "./test/multipart";
import { startServerProcess } from "./test/serverProcess";
import { createTestDatabase, testEngine } from "./test/testDatabase";

const SECRET = "backup-test-secret-backup-test-secret-00";
/** Where the servers' clocks start (TEST_CLOCK_START): the run never reads the date it is. */
const CLOCK_START = new Date("2027-01-04T06:00:00Z");

/** Where a server keeps its data: a DATA_DIR and, on PostgreSQL, a database. */
interface Place {
  env: Record<string, string>;
  open(): Promise<Database>;
}

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "slotted-backup-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function pglitePlace(): Place {
  const dataDir = newDataDir();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openPglite(join(dataDir, "pglite")),
  };
}

/** A PostgreSQL database with nothing in it: not even the migrations. */
async function emptyPostgresPlace(): Promise<Place> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `slotted_restore_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: newDataDir(), DATABASE_URL: url.toString() },
    open: async () => openPostgres(url.toString(), 2),
  };
}

/** `npm run backup`/`restore`'s program (server/backup.ts) with a server's environment. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(projectRoot, "server", "backup.ts"), ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env, SESSION_SECRET: SECRET, LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout!.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    out += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}

function startServer(place: Place) {
  return startServerProcess(
    {
      ...place.env,
      TEST_CLOCK_START: CLOCK_START.toISOString(),
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "error",
      DEV_MAILBOX: "true",
      SMTP_URL: "",
      BOOKING_LIMIT_PER_IP: "0",
      BOOKING_LIMIT_PER_EVENT_TYPE: "0",
    },
    // A restored server first derives the changes the backup had not (on a loaded machine).
    { timeoutMs: 180_000 },
  );
}

async function stopServer(server: { child: import("node:child_process").ChildProcess }) {
  server.child.kill("SIGTERM");
  expect(await new Promise((resolve) => server.child.once("exit", resolve))).toBe(0);
}

/** The n-th distinct slot, 15 minutes apart from two days after CLOCK_START, 09:00 UTC on. */
function slot(n: number): string {
  const start = new Date(CLOCK_START);
  start.setUTCHours(9, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 2 + (n % 100));
  return new Date(start.getTime() + Math.floor(n / 100) * 15 * 60_000).toISOString();
}

function booking(n: number) {
  return {
    userLink: "backup-host",
    eventTypeLink: "talk",
    start: slot(n),
    timezone: "UTC",
    name: `Invitee ${n}`,
    email: `invitee${n}@example.com`,
  };
}

interface Source {
  /** Bookings answered 201 before the backup started. */
  before: { n: number; uuid: string }[];
  uploadUrl: string;
  token: string;
}

/**
 * What every restored place must hold: the bookings, the upload, the session, and each
 * booking's mail (a change the source had not derived yet when the backup was read is derived
 * by the restored server, which drains its changes when it stops).
 */
async function expectRestored(place: Place, source: Source) {
  const server = await startServer(place);
  expect((await call(server.base, "GET", "/api/ready")).status).toBe(200);
  for (const { uuid } of source.before) {
    expect((await call(server.base, "GET", `/api/event/uuid/${uuid}`)).status).toBe(200);
  }
  // The slot stays taken, the upload is served from the database, the session still signs in.
  expect((await call(server.base, "POST", "/api/event", booking(source.before[0]!.n))).status).toBe(
    409,
  );
  const served = await fetch(`${server.base}${source.uploadUrl}`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  expect((await call(server.base, "GET", "/api/schedules", undefined, source.token)).status).toBe(
    200,
  );
  await stopServer(server);

  const database = await place.open();
  try {
    const ids = source.before.map((b) => b.uuid);
    const found = await database.query<{ id: string }>(
      "select id from events where id = any($1::uuid[])",
      [ids],
    );
    expect(found.map((row) => row.id).sort()).toEqual([...ids].sort());
    const mailed = await database.query<{ email: string }>(
      "select distinct lower(payload->'to'->>'email') as email from outbox where kind = 'mail'",
    );
    const emails = new Set(mailed.map((row) => row.email));
    for (const { n } of source.before) expect(emails).toContain(`invitee${n}@example.com`);
  } finally {
    await database.close();
  }
}

describe(`npm run backup and restore (${testEngine})`, () => {
  it("backs up a server under booking load and restores every booking answered before, with mails and uploads, across engines", async () => {
    let source: Place;
    if (testEngine === "pglite") {
      source = pglitePlace();
    } else {
      const database = await createTestDatabase();
      await database.close();
      source = {
        env: { DATA_DIR: newDataDir(), DATABASE_URL: database.url! },
        open: async () => openPostgres(database.url!, 2),
      };
    }
    const server = await startServer(source);
    const { token } = await hostWithEventType(server.base, "backup-host", { slug: "talk" });
    const form = new FormData();
    form.append("file", new Blob([TINY_PNG], { type: "image/png" }), "me.png");
    const uploaded = await fetch(`${server.base}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url: uploadUrl } = (await uploaded.json()) as { url: string };

    // Four clients book distinct slots; the backup starts once 20 were answered, and the load
    // goes on while it runs.
    const created: { n: number; uuid: string }[] = [];
    let next = 0;
    let stop = false;
    let backupStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      backupStarted = resolve;
    });
    const client = async () => {
      while (!stop && next < 400) {
        const n = next++;
        const answer = await call(server.base, "POST", "/api/event", booking(n));
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        created.push({ n, uuid: answer.body.event.uuid });
        if (created.length >= 20) backupStarted();
      }
    };
    const clients = [client(), client(), client(), client()];
    await started;
    const before = [...created];
    const file = join(newDataDir(), "slotted.backup.gz");
    const backedUp = await cli(["backup", file], source.env);
    const duringBackup = created.length - before.length;
    stop = true;
    await Promise.all(clients);
    expect(backedUp.code, backedUp.out).toBe(0);
    console.log(
      `backup of ${created.length} bookings' server: ${statSync(file).size} bytes; ${duringBackup} bookings answered while it ran`,
    );
    await stopServer(server);
    const state: Source = { before, uploadUrl, token };

    // Into a new PGlite data directory (from PostgreSQL: moving onto the embedded database).
    const restoredPglite = pglitePlace();
    const intoPglite = await cli(["restore", file], restoredPglite.env);
    expect(intoPglite.code, intoPglite.out).toBe(0);
    await expectRestored(restoredPglite, state);
    // A second restore into the same place is refused: it is not empty.
    const again = await cli(["restore", file], restoredPglite.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not empty/);

    if (testEngine === "postgres") {
      // And back: PGlite's backup (taken with no server running) into an empty PostgreSQL.
      const second = join(newDataDir(), "from-pglite.backup.gz");
      const fromPglite = await cli(["backup", second], restoredPglite.env);
      expect(fromPglite.code, fromPglite.out).toBe(0);
      const restoredPostgres = await emptyPostgresPlace();
      const intoPostgres = await cli(["restore", second], restoredPostgres.env);
      expect(intoPostgres.code, intoPostgres.out).toBe(0);
      await expectRestored(restoredPostgres, state);
    }
  }, 600_000);

  it("writes pg_dump's custom format with --pg-dump on PostgreSQL, which restores with pg_restore", async () => {
    if (testEngine === "pglite") {
      // The embedded database has no pg_dump: the option is refused, in one line.
      const result = await cli(["backup", "--pg-dump"], pglitePlace().env);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/--pg-dump needs DATABASE_URL/);
      return;
    }
    const database = await createTestDatabase();
    await database.query(
      "insert into users (email, name, username, password_hash, time_zone) values ('dump@example.com', 'Dump', 'dump-host', 'x', 'UTC')",
    );
    await database.close();
    const file = join(newDataDir(), "slotted.pgdump");
    const dumped = await cli(["backup", "--pg-dump", file], {
      DATA_DIR: newDataDir(),
      DATABASE_URL: database.url!,
    });
    expect(dumped.code, dumped.out).toBe(0);
    const target = await emptyPostgresPlace();
    const restored = await cli(["restore", file], target.env);
    expect(restored.code, restored.out).toBe(0);
    const opened = await target.open();
    try {
      const users = await opened.query<{ username: string }>("select username from users");
      expect(users.map((user) => user.username)).toEqual(["dump-host"]);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("refuses a file that is not a backup, saying so in one line", async () => {
    const place = pglitePlace();
    const junk = join(newDataDir(), "junk.gz");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(junk, "not a backup");
    const result = await cli(["restore", junk], place.env);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/not a Slotted backup/);
  }, 60_000);
});
