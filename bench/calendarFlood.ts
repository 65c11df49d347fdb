// A sync of a hostile ICS feed (10 events, RRULE:FREQ=MINUTELY, 1.4 kB): how long it takes, how
// many busy rows it writes, the longest the event loop was held, and the process's peak RSS, on
// PGlite. Run: npx tsx bench/calendarFlood.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { syncConnection } from "../server/calendars/syncConnection";
import { icsFile } from "../server/calendars/testing/calendarFiles";
import { startFeedServer } from "../server/calendars/testing/feedServer";
import { sealSecret } from "../server/crypto/credentialBox";
import { openPglite } from "../server/db/database";
import { migrate } from "../server/db/migrate";

const NOW = new Date("2027-01-04T06:00:00Z");
const folder = mkdtempSync(join(tmpdir(), "slotted-flood-"));
const database = await openPglite(folder);
await migrate(database);
const feeds = await startFeedServer();
const key = Buffer.alloc(32, 7);
try {
  const events = Array.from({ length: 10 }, (_, i) => [
    `UID:flood-${i}`,
    "DTSTART:20270104T000000Z",
    "DTEND:20270104T000030Z",
    "RRULE:FREQ=MINUTELY",
  ]);
  const feed = icsFile(...events);
  feeds.serve("/flood.ics", feed);
  const user = await database.query<{ id: string }>(
    "insert into users (email, password_hash, name, username) values ('flood@example.com', 'x', 'Flood', 'flood') returning id",
  );
  const userId = user[0]!.id;
  const connection = await database.query<{ id: string }>(
    `insert into calendar_connections (user_id, provider, name, server_url, secret)
     values ($1, 'ICS', 'flood', $2, $3) returning id`,
    [userId, feeds.url, sealSecret(key, `${feeds.url}/flood.ics`, userId)],
  );
  const connectionId = connection[0]!.id;
  await database.query(
    "insert into connected_calendars (connection_id, url, name, read_only) values ($1, 'feed', 'flood', true)",
    [connectionId],
  );
  // A timer every 10 ms: the longest gap between two of its runs is the longest the event loop
  // was held (what a request arriving then would wait).
  let peakRss = process.memoryUsage().rss;
  let last = performance.now();
  let longestGap = 0;
  const sampler = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const outcome = await syncConnection(
    {
      db: database.db,
      encryptionKey: key,
      allowPrivate: true,
      publicUrl: "http://localhost",
      now: NOW,
    },
    connectionId,
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const rows = await database.query<{ n: number }>(
    "select count(*)::int as n from calendar_busy where connection_id = $1",
    [connectionId],
  );
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  console.log(
    JSON.stringify({
      feedBytes: feed.length,
      outcome,
      rows: rows[0]!.n,
      syncMs: Math.round(ms),
      longestEventLoopBlockMs: Math.round(longestGap),
      rssBefore: mb(rssBefore),
      peakRss: mb(peakRss),
    }),
  );
} finally {
  await feeds.stop();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
}
