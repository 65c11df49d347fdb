/**
 * The test clock of a server started with TEST_CLOCK_START (server/routes/testClock), over
 * loopback. No vitest here: the seeder (and the benchmarks that use it) import this.
 */

/** The server's time now. */
export async function serverClockNow(base: string): Promise<Date> {
  const response = await fetch(`${base}/test/clock`);
  if (!response.ok) {
    throw new Error(`GET ${base}/test/clock answered ${response.status}: is TEST_CLOCK_START set?`);
  }
  return new Date(((await response.json()) as { now: string }).now);
}

/** Moves the server's clock forward by `ms`; the time it then shows. */
export async function advanceServerClock(base: string, ms: number): Promise<Date> {
  const response = await fetch(`${base}/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!response.ok) throw new Error(`POST ${base}/test/clock answered ${response.status}`);
  return new Date(((await response.json()) as { now: string }).now);
}
