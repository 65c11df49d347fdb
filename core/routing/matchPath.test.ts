import { describe, expect, it } from "vitest";
import { matchPath } from "./matchPath";

describe("matchPath", () => {
  it("matches static segments case-sensitively", () => {
    expect(matchPath("/", "/")).toEqual({});
    expect(matchPath("/event/payment_error", "/event/payment_error")).toEqual({});
    expect(matchPath("/C/:sharedLink", "/c/abc")).toBeNull();
  });

  it("collects named parameters, decoded, and allows a trailing slash", () => {
    expect(matchPath("/:username/:event", "/ana/intro-call/")).toEqual({
      username: "ana",
      event: "intro-call",
    });
    expect(matchPath("/:username", "/J%C3%BCrgen")).toEqual({ username: "Jürgen" });
    expect(matchPath("/:username", "/%E0%A4%A")).toEqual({ username: "%E0%A4%A" });
  });

  it("makes a trailing ?-parameter optional and refuses extra segments", () => {
    expect(matchPath("/S/:link/:title?", "/S/x")).toEqual({ link: "x" });
    expect(matchPath("/S/:link/:title?", "/S/x/Intro")).toEqual({ link: "x", title: "Intro" });
    expect(matchPath("/S/:link/:title?", "/S/x/Intro/more")).toBeNull();
    expect(matchPath("/:username", "/")).toBeNull();
  });

  it("matches the rest of the path with *", () => {
    expect(matchPath("/dashboard/*", "/dashboard")).toEqual({});
    expect(matchPath("/dashboard/*", "/dashboard/event-types/1")).toEqual({
      "*": "event-types/1",
    });
    expect(matchPath("*", "/any/thing")).toEqual({ "*": "any/thing" });
  });
});
