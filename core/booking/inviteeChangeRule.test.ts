import { describe, expect, it } from "vitest";
import { inviteeChangeDeadline, inviteeChangeRefusal } from "./inviteeChangeRule";

const START = Date.parse("2027-01-10T09:00:00Z");
const HOUR = 3_600_000;

describe("inviteeChangeRefusal", () => {
  it("refuses every time when the type does not allow it", () => {
    const rule = { allowed: false, noticeMinutes: 0 };
    expect(inviteeChangeDeadline(rule, START)).toBeNull();
    expect(inviteeChangeRefusal(rule, START, START - 100 * HOUR)).toBe("NOT_ALLOWED");
  });

  it("allows up to the notice before the start, and refuses after", () => {
    const rule = { allowed: true, noticeMinutes: 24 * 60 };
    expect(inviteeChangeDeadline(rule, START)).toBe(START - 24 * HOUR);
    expect(inviteeChangeRefusal(rule, START, START - 25 * HOUR)).toBeNull();
    expect(inviteeChangeRefusal(rule, START, START - 24 * HOUR)).toBeNull();
    expect(inviteeChangeRefusal(rule, START, START - 24 * HOUR + 1)).toBe("TOO_LATE");
  });

  it("without notice allows it until the start", () => {
    const rule = { allowed: true, noticeMinutes: 0 };
    expect(inviteeChangeRefusal(rule, START, START - 1)).toBeNull();
    expect(inviteeChangeRefusal(rule, START, START + 1)).toBe("TOO_LATE");
  });
});
