import { describe, expect, it } from "vitest";
import { createTestApp } from "./testApp";
import { TEST_NOW } from "./testNow";

// The in-process server never runs on the machine's clock: a test that gives none gets TEST_NOW,
// the same at any hour of any day (scripts/testWallClock.test.ts keeps the wall clock out).
const t = await createTestApp();

describe("the test app's clock", () => {
  it("starts at TEST_NOW and stands still there", () => {
    expect(t.deps.clock().toISOString()).toBe(TEST_NOW.toISOString());
    expect(t.deps.clock().toISOString()).toBe("2027-01-04T06:00:00.000Z");
  });

  it("moves where a test sets it, and back to TEST_NOW on null", () => {
    t.setNow(new Date("2030-03-01T08:00:00Z"));
    expect(t.deps.clock().toISOString()).toBe("2030-03-01T08:00:00.000Z");
    t.setNow(null);
    expect(t.deps.clock().toISOString()).toBe(TEST_NOW.toISOString());
  });

  it("is not moved by a caller that changes the date it was given", () => {
    t.deps.clock().setUTCFullYear(2040);
    const given = new Date("2031-03-04T10:00:00Z");
    t.setNow(given);
    given.setUTCFullYear(2041);
    expect(t.deps.clock().toISOString()).toBe("2031-03-04T10:00:00.000Z");
    t.setNow(null);
  });
});
