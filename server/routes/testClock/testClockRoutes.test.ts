import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { runningClockFrom } from "../../clock";
import { createTestApp, testConfig } from "../../test/testApp";
import { createTestDatabase } from "../../test/testDatabase";

const start = new Date("2027-06-08T07:19:00.000Z");
let elapsed = 0;
const testClock = runningClockFrom(start, () => elapsed);
const database = await createTestDatabase();
const app = await buildApp(
  { config: testConfig(), database, clock: () => testClock.now(), testClock },
  { logger: false, serveClient: false },
);
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("/test/clock on a server running on a test clock", () => {
  it("says the server's time, which runs on from TEST_CLOCK_START", async () => {
    const first = await app.inject({ method: "GET", url: "/test/clock" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ now: "2027-06-08T07:19:00.000Z" });
    elapsed += 2_000;
    expect((await app.inject({ method: "GET", url: "/test/clock" })).json()).toEqual({
      now: "2027-06-08T07:19:02.000Z",
    });
  });

  it("moves forward by advanceMs, which the server's own clock then reads", async () => {
    const before = testClock.now().getTime();
    const response = await app.inject({
      method: "POST",
      url: "/test/clock",
      payload: { advanceMs: 25 * 3_600_000 },
    });
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().now)).toBe(before + 25 * 3_600_000);
    expect(testClock.now().getTime()).toBe(before + 25 * 3_600_000);
  });

  it("refuses (422) going back, more than a year, or anything but a whole number, and keeps the time", async () => {
    const before = testClock.now().toISOString();
    for (const payload of [
      { advanceMs: -1 },
      { advanceMs: 1.5 },
      { advanceMs: 367 * 86_400_000 },
      { advanceMs: "60000" },
      { advanceMs: 1, back: true },
      {},
    ]) {
      const response = await app.inject({ method: "POST", url: "/test/clock", payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(testClock.now().toISOString()).toBe(before);
  });

  it("answers only connections from this machine", async () => {
    const before = testClock.now().toISOString();
    for (const remoteAddress of ["10.0.0.7", "192.168.1.20", "2001:db8::1"]) {
      const read = await app.inject({ method: "GET", url: "/test/clock", remoteAddress });
      expect(read.statusCode).toBe(404);
      const move = await app.inject({
        method: "POST",
        url: "/test/clock",
        remoteAddress,
        payload: { advanceMs: 60_000 },
      });
      expect(move.statusCode).toBe(404);
    }
    expect(testClock.now().toISOString()).toBe(before);
    expect(
      (await app.inject({ method: "GET", url: "/test/clock", remoteAddress: "::ffff:127.0.0.1" }))
        .statusCode,
    ).toBe(200);
  });
});

describe("/test/clock on a server on the real clock (production and every normal start)", () => {
  it("does not exist", async () => {
    const normal = await createTestApp();
    expect(normal.deps.testClock).toBeUndefined();
    expect((await normal.app.inject({ method: "GET", url: "/test/clock" })).statusCode).toBe(404);
    const move = await normal.app.inject({
      method: "POST",
      url: "/test/clock",
      payload: { advanceMs: 60_000 },
    });
    expect(move.statusCode).toBe(404);
  });
});
