import { describe, expect, it } from "vitest";
import { canAdministerTeam, canSeeTeam, isLastAdmin } from "./teams";

describe("team policy", () => {
  it("shows a team to its members and lets its admins administer it", () => {
    expect(canSeeTeam("admin")).toBe(true);
    expect(canSeeTeam("member")).toBe(true);
    expect(canSeeTeam(null)).toBe(false);
    expect(canAdministerTeam("admin")).toBe(true);
    expect(canAdministerTeam("member")).toBe(false);
    expect(canAdministerTeam(null)).toBe(false);
  });

  it("knows the last admin, and that a second admin or a plain member is not it", () => {
    expect(isLastAdmin(["ada"], "ada")).toBe(true);
    expect(isLastAdmin(["ada", "bo"], "ada")).toBe(false);
    expect(isLastAdmin(["ada"], "bo")).toBe(false);
  });
});
