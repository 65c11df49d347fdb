import { describe, expect, it } from "vitest";
import { canManageEventType, canManageTeamEventTypes, canSeeEventType } from "./eventTypes";

const personal = { userId: "ada", teamId: null };
const team = { userId: null, teamId: "t1" };

describe("event type policy", () => {
  it("lets the owner alone see and change a personal event type", () => {
    expect(canSeeEventType("ada", personal, null)).toBe(true);
    expect(canManageEventType("ada", personal, null)).toBe(true);
    expect(canSeeEventType("bo", personal, null)).toBe(false);
    expect(canManageEventType("bo", personal, null)).toBe(false);
    // A role in some team gives nothing over someone's personal event type.
    expect(canManageEventType("bo", personal, "admin")).toBe(false);
  });

  it("shows a team event type to its members and lets its admins change it", () => {
    expect(canSeeEventType("bo", team, "member")).toBe(true);
    expect(canManageEventType("bo", team, "member")).toBe(false);
    expect(canManageEventType("bo", team, "admin")).toBe(true);
    expect(canSeeEventType("cy", team, null)).toBe(false);
    expect(canManageEventType("cy", team, null)).toBe(false);
  });

  it("lets only admins create a team's event types", () => {
    expect(canManageTeamEventTypes("admin")).toBe(true);
    expect(canManageTeamEventTypes("member")).toBe(false);
    expect(canManageTeamEventTypes(null)).toBe(false);
  });
});
