import { describe, expect, it } from "vitest";
import { assertCanRevokeSingleUseLink, canRevokeSingleUseLink } from "./singleUseLinks";

describe("single-use link policy", () => {
  it("revokes an unused link only: a used one is the record of its booking", () => {
    expect(canRevokeSingleUseLink({ usedAt: null })).toBe(true);
    expect(canRevokeSingleUseLink({ usedAt: new Date() })).toBe(false);
    expect(() => assertCanRevokeSingleUseLink({ usedAt: new Date() })).toThrow(
      expect.objectContaining({ code: "CONFLICT" }),
    );
    expect(() => assertCanRevokeSingleUseLink(null)).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
  });
});
