import { describe, expect, it } from "vitest";
import { runningClockFrom } from "./clock";

describe("runningClockFrom", () => {
  const start = new Date("2027-06-08T07:19:00.000Z");

  it("starts at the given instant and runs on with the monotonic time, not the wall clock", () => {
    let elapsed = 5_000;
    const clock = runningClockFrom(start, () => elapsed);
    expect(clock.now().toISOString()).toBe("2027-06-08T07:19:00.000Z");
    elapsed += 90_000;
    expect(clock.now().toISOString()).toBe("2027-06-08T07:20:30.000Z");
  });

  it("moves forward when advanced, and keeps running from there", () => {
    let elapsed = 0;
    const clock = runningClockFrom(start, () => elapsed);
    expect(clock.advance(3 * 3_600_000).toISOString()).toBe("2027-06-08T10:19:00.000Z");
    elapsed += 1_000;
    expect(clock.now().toISOString()).toBe("2027-06-08T10:19:01.000Z");
  });

  it("refuses to go back or by a non-number", () => {
    const clock = runningClockFrom(start, () => 0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe(start.toISOString());
  });
});
