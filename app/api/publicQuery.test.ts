import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  fetchQuery,
  invalidateQueries,
  type QueryFn,
  resetPublicQueries,
  setQueryData,
} from "./publicQuery";

const query = <T>(key: readonly [string, ...string[]], fn: QueryFn<T>, staleTime?: number) => ({
  key,
  fn,
  ...(staleTime === undefined ? {} : { staleTime }),
});

describe("publicQuery cache", () => {
  beforeEach(resetPublicQueries);

  it("shares one request between callers and keeps the answer while fresh", async () => {
    const fn = vi.fn(async () => "answer");
    const [a, b] = await Promise.all([
      fetchQuery(query(["k1"], fn)),
      fetchQuery(query(["k1"], fn)),
    ]);
    expect([a, b]).toEqual(["answer", "answer"]);
    await fetchQuery(query(["k1"], fn, 60_000));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("asks again once invalidated, and after a failure", async () => {
    const fn = vi.fn(async () => "v");
    await fetchQuery(query(["timetable", "/timetable?a"], fn));
    invalidateQueries(["timetable"]);
    await fetchQuery(query(["timetable", "/timetable?a"], fn));
    expect(fn).toHaveBeenCalledTimes(2);

    const failing = vi.fn(async () => {
      throw new Error("down");
    });
    await expect(fetchQuery(query(["k2"], failing))).rejects.toThrow("down");
    await expect(fetchQuery(query(["k2"], failing))).rejects.toThrow("down");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("invalidates a key family part for part, not keys that merely start alike", async () => {
    const fn = vi.fn(async () => "v");
    await fetchQuery(query(["timetable", "/a"], fn));
    await fetchQuery(query(["timetables", "/a"], fn));
    await fetchQuery(query(["eventType", "timetable"], fn));
    invalidateQueries(["timetable"]);
    await fetchQuery(query(["timetables", "/a"], fn));
    await fetchQuery(query(["eventType", "timetable"], fn));
    expect(fn).toHaveBeenCalledTimes(3);
    await fetchQuery(query(["timetable", "/a"], fn));
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it("serves data set by hand without fetching, until reset", async () => {
    setQueryData(["k3"], 42);
    const fn = vi.fn(async () => 0);
    expect(await fetchQuery(query(["k3"], fn))).toBe(42);
    expect(fn).not.toHaveBeenCalled();
    resetPublicQueries();
    expect(await fetchQuery(query(["k3"], fn))).toBe(0);
  });
});
