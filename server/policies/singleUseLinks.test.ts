import { describe, expect, it } from "vitest";
import { assertCanRevokeSingleUseLink, canRevokeSingleUseLink } from "./singleUseLinks";

// The tests run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");

describe("single-use link policy", () => {
  it("revokes an unused link only: a used one is the record of its booking", () => {
    expect(canRevokeSingleUseLink({ usedAt: null })).toBe(true);
    expect(canRevokeSingleUseLink({ usedAt: NOW })).toBe(false);
    expect(() => assertCanRevokeSingleUseLink({ usedAt: NOW })).toThrow(
      expect.objectContaining({ code: "CONFLICT" }),
    );
    expect(() => assertCanRevokeSingleUseLink(null)).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
  });
});
