import { describe, expect, it, vi } from "vitest";
import { fetchQuery, invalidateQueries, setQueryData } from "./publicQuery";

describe("publicQuery cache", () => {
  it("shares one request between callers and keeps the answer while fresh", async () => {
    const fn = vi.fn(async () => "answer");
    const [a, b] = await Promise.all([fetchQuery("k1", fn), fetchQuery("k1", fn)]);
    expect([a, b]).toEqual(["answer", "answer"]);
    await fetchQuery("k1", fn, 60_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("asks again once invalidated, and after a failure", async () => {
    const fn = vi.fn(async () => "v");
    await fetchQuery("/timetable?a", fn);
    invalidateQueries("/timetable");
    await fetchQuery("/timetable?a", fn);
    expect(fn).toHaveBeenCalledTimes(2);

    const failing = vi.fn(async () => {
      throw new Error("down");
    });
    await expect(fetchQuery("k2", failing)).rejects.toThrow("down");
    await expect(fetchQuery("k2", failing)).rejects.toThrow("down");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("serves data set by hand without fetching", async () => {
    setQueryData("k3", 42);
    const fn = vi.fn(async () => 0);
    expect(await fetchQuery("k3", fn)).toBe(42);
    expect(fn).not.toHaveBeenCalled();
  });
});
