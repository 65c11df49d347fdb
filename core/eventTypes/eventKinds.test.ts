import { describe, expect, it } from "vitest";
import { EVENT_KINDS, SHARED_LINK_PREFIXES, sharedLinkPath, TEAM_KINDS } from "./eventKinds";

describe("event kinds", () => {
  it("give every team kind, and only those, a shared-link prefix", () => {
    expect(Object.keys(SHARED_LINK_PREFIXES).sort()).toEqual([...TEAM_KINDS].sort());
    expect(EVENT_KINDS.filter((kind) => TEAM_KINDS.has(kind))).toEqual([
      "COLLECTIVE",
      "ROUND_ROBIN",
      "FLEXI",
    ]);
  });

  it("build the booking path of a shared link, and nothing for personal kinds", () => {
    expect(sharedLinkPath("COLLECTIVE", "abc")).toBe("/C/abc");
    expect(sharedLinkPath("ROUND_ROBIN", "abc")).toBe("/R/abc");
    expect(sharedLinkPath("FLEXI", "abc")).toBe("/F/abc");
    expect(sharedLinkPath("FLEXI", null)).toBeNull();
    expect(sharedLinkPath("ONE_ON_ONE", "abc")).toBeNull();
    expect(sharedLinkPath("toString", "abc")).toBeNull();
  });
});
