import { describe, expect, it } from "vitest";
import { smsMonth } from "./smsUsage";

describe("smsMonth", () => {
  it("is the calendar month in UTC, whatever the server's zone", () => {
    expect(smsMonth(new Date("2027-06-30T23:59:59.999Z"))).toBe("2027-06");
    expect(smsMonth(new Date("2027-07-01T00:00:00Z"))).toBe("2027-07");
    // 1 July 01:00 in Berlin is still June in UTC.
    expect(smsMonth(new Date("2027-07-01T01:00:00+02:00"))).toBe("2027-06");
  });
});
