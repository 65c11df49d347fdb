import { describe, expect, it } from "vitest";
import { assertCanChangeBrandColors, canChangeBrandColors } from "./profile";

describe("brand colour policy", () => {
  it("refuses a change while a team locks the colours", () => {
    expect(canChangeBrandColors(null)).toBe(true);
    expect(canChangeBrandColors({ teamId: "t1" })).toBe(false);
    expect(() => assertCanChangeBrandColors({ teamId: "t1" })).toThrow(
      expect.objectContaining({
        code: "FORBIDDEN",
        detail: { key: "profile.colorsLocked", params: {} },
      }),
    );
  });
});
