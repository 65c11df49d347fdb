import { describe, expect, it } from "vitest";
import { eventTypePath } from "./eventTypePath";

describe("eventTypePath", () => {
  it("takes the shared link of a round-robin, collective or flexi type", () => {
    expect(eventTypePath({ kind: "ROUND_ROBIN", sharedLink: "abc", slug: "sales" }, "team")).toBe(
      "/R/abc",
    );
  });

  it("puts other types under their owner", () => {
    expect(eventTypePath({ kind: "ONE_ON_ONE", sharedLink: null, slug: "intro" }, "ada")).toBe(
      "/ada/intro",
    );
    expect(eventTypePath({ kind: "GROUP", sharedLink: null, slug: "w s" }, "ada")).toBe(
      "/ada/w%20s",
    );
  });

  it("has no path without a link or an owner", () => {
    expect(eventTypePath({ kind: "ONE_ON_ONE", sharedLink: null, slug: "intro" }, null)).toBeNull();
  });
});
