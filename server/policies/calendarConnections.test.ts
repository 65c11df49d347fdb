import { describe, expect, it } from "vitest";
import { canUseCalendarConnection } from "./calendarConnections";

describe("canUseCalendarConnection", () => {
  it("lets only the owner use a connection", () => {
    expect(canUseCalendarConnection("a", { userId: "a" })).toBe(true);
    expect(canUseCalendarConnection("b", { userId: "a" })).toBe(false);
  });
});
