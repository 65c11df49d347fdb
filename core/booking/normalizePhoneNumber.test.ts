import { describe, expect, it } from "vitest";
import { normalizePhoneNumber } from "./normalizePhoneNumber";

describe("normalizePhoneNumber", () => {
  it("accepts international numbers in any spacing and returns E.164", () => {
    expect(normalizePhoneNumber("+49 30 901820", "America/New_York")).toBe("+4930901820");
    expect(normalizePhoneNumber("+1 (212) 555-0123", "Europe/Berlin")).toBe("+12125550123");
  });

  it("reads a national number in the country of the invitee's zone", () => {
    expect(normalizePhoneNumber("030 901820", "Europe/Berlin")).toBe("+4930901820");
    expect(normalizePhoneNumber("(212) 555-0123", "America/New_York")).toBe("+12125550123");
  });

  it("refuses letters, too short numbers and impossible numbers", () => {
    expect(normalizePhoneNumber("call me", "Europe/Berlin")).toBeNull();
    expect(normalizePhoneNumber("+49 1", "Europe/Berlin")).toBeNull();
    expect(normalizePhoneNumber("+1 000 000 0000", "Europe/Berlin")).toBeNull();
    expect(normalizePhoneNumber("", "Europe/Berlin")).toBeNull();
  });
});
