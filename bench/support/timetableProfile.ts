// Where one timetable request spends its time: `npx tsx bench/support/timetableProfile.ts`
// (DATABASE_URL for PostgreSQL). Seeds the timetable bench's fixture, warms the server up, then
// times each stage of the one-on-one and round-robin requests in process: the whole request warm
// (the stamp and the cached answer) and cold (after a meeting of the host came or went: the stamp
// brings the changed rows, the engine recomputes the dates they reach), the queries (counted for a
// warm request), the engine over the whole window and over one day, the presenter and the response
// serialisation. PGlite's WebAssembly takes hundreds of runs to warm up.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timetableQuery, timetableResponseSchema } from "../../core/api/timetable";
import { computeAvailability } from "../../core/availability/computeAvailability";
import { buildApp } from "../../server/app";
import { loadAvailabilityInput } from "../../server/availability/loadAvailabilityInput";
import { loadTimetableStamp } from "../../server/availability/loadTimetableStamp";
import { resolvePublicEventType } from "../../server/availability/resolvePublicEventType";
import { loadConfig } from "../../server/config";
import { migrate } from "../../server/db/migrate";
import { presentTimetable } from "../../server/routes/timetable/timetablePresenter";
import { openEngine, seed, WINDOW } from "../fixtures/timetableFixture";

const NOW = new Date("2030-02-15T09:00:00Z");
const RUNS = 300;

async function p50(
  run: () => unknown | Promise<unknown>,
  before?: () => Promise<unknown>,
  runs = RUNS,
): Promise<number> {
  for (let i = 0; i < 500; i++) {
    await before?.();
    await run();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const engine = await openEngine();
const dataDir = mkdtempSync(join(tmpdir(), "slotted-profile-"));
try {
  await migrate(engine.database);
  const fixture = await seed(engine.database);
  const config = {
    ...loadConfig({ SESSION_SECRET: "bench-secret-bench-secret-bench-secret!", DATA_DIR: dataDir }),
    publicUrl: "http://127.0.0.1",
  };
  // Every statement the request sends, counted by wrapping the driver's entry points.
  let statements = 0;
  const { db } = engine.database;
  const session = (db as unknown as { session: Record<string, unknown> }).session;
  for (const name of ["execute", "prepareQuery"] as const) {
    const original = session[name] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== "function") continue;
    session[name] = function (this: unknown, ...args: unknown[]) {
      if (name === "execute") statements += 1;
      const prepared = original.apply(this, args) as Record<string, unknown>;
      if (name === "prepareQuery" && prepared && typeof prepared.execute === "function") {
        const execute = prepared.execute as (...a: unknown[]) => unknown;
        prepared.execute = function (this: unknown, ...a: unknown[]) {
          statements += 1;
          return execute.apply(this, a);
        };
      }
      return prepared;
    };
  }
  const raw = engine.database.query;
  engine.database.query = (...args) => {
    statements += 1;
    return raw(...args);
  };
  const app = await buildApp(
    { config, database: engine.database, clock: () => NOW },
    { logger: false, serveClient: false },
  );
  const window = `start=${WINDOW.start}&end=${WINDOW.end}&timezone=Europe/Berlin`;
  const cases = [
    {
      label: "one-on-one",
      url: `/api/timetable?userLink=solo-1&eventTypeLink=intro&${window}`,
      ref: { userLink: "solo-1", eventTypeLink: "intro" },
      lookup: { username: "solo-1", slug: "intro" },
      eventTypeId: fixture.oneOnOneId,
      hostId: fixture.solo,
    },
    {
      label: "round robin, 20 hosts",
      url: `/api/timetable-by-shared-link?sharedLink=bench-rr&${window}`,
      ref: { sharedLink: "bench-rr" },
      lookup: { sharedLink: "bench-rr" },
      eventTypeId: fixture.roundRobinId,
      hostId: fixture.team[0]!,
    },
  ];
  const health = await p50(() => app.inject({ method: "GET", url: "/api/health" }));
  console.log(`engine: ${engine.name}`);
  console.log(`GET /api/health (inject): ${health.toFixed(3)} ms`);
  for (const c of cases) {
    const windowInput = {
      startDate: WINDOW.start,
      endDate: WINDOW.end,
      timeZone: "Europe/Berlin",
    };
    const whole = await p50(() => app.inject({ method: "GET", url: c.url }));
    const gzip = await p50(() =>
      app.inject({
        method: "GET",
        url: c.url,
        headers: { "accept-encoding": "gzip, deflate, br" },
      }),
    );
    // A Saturday meeting of the host comes and goes before each cold request.
    const [meeting] = await engine.database.query<{ id: string }>(
      `insert into events (event_type_id, status, start_at, end_at, title)
      values ($1, 'CONFIRMED', '2030-03-02T10:00:00Z', '2030-03-02T10:30:00Z', 'Profile') returning id`,
      [c.eventTypeId],
    );
    let booked = false;
    const toggle = async () => {
      booked = !booked;
      await engine.database.query(
        booked
          ? `insert into host_busy (host_id, event_id, during)
            values ($1, $2, tstzrange('2030-03-02T10:00:00Z', '2030-03-02T10:30:00Z'))`
          : "delete from host_busy where host_id = $1 and event_id = $2",
        [c.hostId, meeting!.id],
      );
    };
    const cold = await p50(
      () => app.inject({ method: "GET", url: c.url, headers: { "accept-encoding": "gzip" } }),
      toggle,
    );
    await app.inject({ method: "GET", url: c.url });
    statements = 0;
    const response = await app.inject({ method: "GET", url: c.url });
    const perRequest = statements;
    const query = Object.fromEntries(new URL(`http://x${c.url}`).searchParams);
    const parse = await p50(() =>
      timetableQuery.safeParse({ ...query, userLink: "a", eventTypeLink: "b" }),
    );
    const target = await resolvePublicEventType(db, c.ref);
    const resolve = await p50(() => resolvePublicEventType(db, c.ref));
    const stamp = await p50(() => loadTimetableStamp(engine.database.query, c.lookup, NOW));
    const options = { duration: 30, selection: { mode: "all" as const } };
    // As a timetable computes it: the first free host of a round robin is enough.
    const loaded = (await loadAvailabilityInput(db, target, windowInput, NOW, options))!;
    const input = { ...loaded, firstFreeOnly: true };
    const load = await p50(() => loadAvailabilityInput(db, target, windowInput, NOW, options));
    const result = computeAvailability(input);
    const compute = await p50(() => computeAvailability(input));
    const oneDay = {
      ...input,
      window: { ...input.window, startDate: "2030-03-12", endDate: "2030-03-12" },
    };
    const computeDay = await p50(() => computeAvailability(oneDay));
    const timetable = {
      days: result.days,
      lastDate: result.lastDate,
      firstDate: result.days[0]?.date ?? null,
      isNotAvailable: false,
      hostsAway: false,
    };
    const presented = presentTimetable(timetable, { formerTime: null, withSeats: false });
    const present = await p50(() =>
      presentTimetable(timetable, { formerTime: null, withSeats: false }),
    );
    const serialise = await p50(() => JSON.stringify(timetableResponseSchema.parse(presented)));
    const stringify = await p50(() => JSON.stringify(presented));
    console.log(
      `\n${c.label}: ${response.body.length} bytes, ${perRequest} statements per request`,
    );
    const rows: [string, number][] = [
      ["whole request (inject, no compression)", whole],
      ["whole request (inject, accept-encoding gzip/br)", gzip],
      ["whole request, cold (inject, gzip)", cold],
      ["query string parse (zod)", parse],
      ["loadTimetableStamp (1 call, every request)", stamp],
      ["resolvePublicEventType (1 query)", resolve],
      ["loadAvailabilityInput (1 query)", load],
      ["computeAvailability (engine, whole window)", compute],
      ["computeAvailability (engine, one day)", computeDay],
      ["presentTimetable", present],
      ["response schema parse + JSON.stringify", serialise],
      ["JSON.stringify alone", stringify],
    ];
    for (const [label, ms] of rows) console.log(`  ${label.padEnd(50)} ${ms.toFixed(3)} ms`);
  }
  await app.close();
} finally {
  await engine.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}
