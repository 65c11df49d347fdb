import { describe, expect, it } from "vitest";
import { assertCanConnectCalendar, canUseCalendarConnection } from "./calendarConnections";

describe("canUseCalendarConnection", () => {
  it("lets only the owner use a connection", () => {
    expect(canUseCalendarConnection("a", { userId: "a" })).toBe(true);
    expect(canUseCalendarConnection("b", { userId: "a" })).toBe(false);
  });
});

describe("assertCanConnectCalendar", () => {
  it("refuses a host whose address is unverified", () => {
    expect(() => assertCanConnectCalendar({ emailVerifiedAt: null })).toThrow(
      expect.objectContaining({ code: "FORBIDDEN" }),
    );
    expect(() => assertCanConnectCalendar({ emailVerifiedAt: new Date(0) })).not.toThrow();
  });
});
