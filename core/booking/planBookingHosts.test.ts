import { describe, expect, it } from "vitest";
import { planBookingHosts } from "./planBookingHosts";

const none = new Map();

describe("planBookingHosts", () => {
  it("takes every host the slot names for one-on-one, group and collective", () => {
    expect(planBookingHosts("ONE_ON_ONE", ["a"], [], none)).toEqual({
      required: ["a"],
      choices: [],
    });
    expect(planBookingHosts("COLLECTIVE", ["a", "b"], [], none)).toEqual({
      required: ["a", "b"],
      choices: [],
    });
  });

  it("offers round-robin hosts by priority, then least recently booked", () => {
    const ranks = new Map([
      ["a", { priority: 0, lastBookedAt: 5 }],
      ["b", { priority: 0, lastBookedAt: 1 }],
      ["c", { priority: 2, lastBookedAt: 9 }],
    ]);
    expect(planBookingHosts("ROUND_ROBIN", ["a", "b", "c"], [], ranks)).toEqual({
      required: [],
      choices: [["c", "b", "a"]],
    });
  });

  it("takes FLEXI ALL groups whole and one free member per ANY group", () => {
    const groups = [
      { mode: "ALL" as const, userIds: ["a", "b"] },
      { mode: "ANY" as const, userIds: ["c", "d", "e"] },
    ];
    const ranks = new Map([["d", { priority: 1, lastBookedAt: null }]]);
    expect(planBookingHosts("FLEXI", ["a", "b", "c", "d"], groups, ranks)).toEqual({
      required: ["a", "b"],
      choices: [["d", "c"]],
    });
  });

  it("is null when a FLEXI group's condition fails or no host is free", () => {
    const groups = [
      { mode: "ALL" as const, userIds: ["a", "b"] },
      { mode: "ANY" as const, userIds: ["c"] },
    ];
    expect(planBookingHosts("FLEXI", ["a", "c"], groups, none)).toBeNull();
    expect(planBookingHosts("FLEXI", ["a", "b"], groups, none)).toBeNull();
    expect(planBookingHosts("ROUND_ROBIN", [], [], none)).toBeNull();
  });
});
