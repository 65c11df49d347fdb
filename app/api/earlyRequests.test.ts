import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarlyRequests, takeEarlyResponse } from "./earlyRequests";

afterEach(() => vi.unstubAllGlobals());

describe("early requests", () => {
  it("asks each path once and hands its answer out once, to the same path only", async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ url })));
    vi.stubGlobal("fetch", fetch);
    startEarlyRequests(["/user/ada/intro", "/timetable?x=1"]);
    startEarlyRequests(["/user/ada/intro"]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/user/ada/intro",
      "/api/timetable?x=1",
    ]);
    expect(takeEarlyResponse("/timetable?x=2")).toBeUndefined();
    const answer = await takeEarlyResponse("/user/ada/intro");
    expect(await answer?.json()).toEqual({ url: "/api/user/ada/intro" });
    expect(takeEarlyResponse("/user/ada/intro")).toBeUndefined();
  });

  it("does not hand out an answer the page left for longer than ten seconds", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    // The request is stamped on a faked clock at a fixed instant, taken 10.001 s after it.
    const asked = new Date("2027-01-04T06:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(asked);
    startEarlyRequests(["/timetable?late=1"]);
    vi.useRealTimers();
    expect(takeEarlyResponse("/timetable?late=1", asked.getTime() + 10_001)).toBeUndefined();
    expect(takeEarlyResponse("/timetable?late=1")).toBeUndefined();
  });
});
