import { describe, expect, it } from "vitest";
import { canManageRoutingForm } from "./routingForms";

describe("canManageRoutingForm", () => {
  it("lets a host manage only their own personal form", () => {
    expect(canManageRoutingForm("u1", { userId: "u1", teamId: null }, null)).toBe(true);
    expect(canManageRoutingForm("u2", { userId: "u1", teamId: null }, null)).toBe(false);
    expect(canManageRoutingForm("u2", { userId: "u1", teamId: null }, "admin")).toBe(false);
  });

  it("lets only a team's admins manage its form", () => {
    expect(canManageRoutingForm("u1", { userId: null, teamId: "t" }, "admin")).toBe(true);
    expect(canManageRoutingForm("u1", { userId: null, teamId: "t" }, "member")).toBe(false);
    expect(canManageRoutingForm("u1", { userId: null, teamId: "t" }, null)).toBe(false);
  });
});
