import { describe, expect, it } from "vitest";
import { refundOnCancel } from "./refundOnCancel";

const start = new Date("2027-03-10T10:00:00Z");
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);

describe("refundOnCancel", () => {
  it("refunds a host's cancellation in full, whatever the policy", () => {
    for (const refundPolicy of ["NONE", "FULL", "FULL_BEFORE"] as const) {
      expect(
        refundOnCancel({ refundPolicy, refundHours: 24 }, 2500, start, hoursBefore(1), "host"),
      ).toBe(2500);
    }
  });

  it("refunds an invitee's by the policy, the window's edge included", () => {
    const now = hoursBefore(30);
    expect(
      refundOnCancel({ refundPolicy: "NONE", refundHours: null }, 2500, start, now, "invitee"),
    ).toBe(0);
    expect(
      refundOnCancel({ refundPolicy: "FULL", refundHours: null }, 2500, start, now, "invitee"),
    ).toBe(2500);
    const before = { refundPolicy: "FULL_BEFORE" as const, refundHours: 24 };
    expect(refundOnCancel(before, 2500, start, hoursBefore(24), "invitee")).toBe(2500);
    expect(
      refundOnCancel(before, 2500, start, new Date(hoursBefore(24).getTime() + 1), "invitee"),
    ).toBe(0);
  });

  it("refunds nothing of what was refunded already", () => {
    expect(
      refundOnCancel(
        { refundPolicy: "FULL", refundHours: null },
        0,
        start,
        hoursBefore(48),
        "host",
      ),
    ).toBe(0);
  });
});
