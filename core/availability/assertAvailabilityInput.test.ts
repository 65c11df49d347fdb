import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { assertAvailabilityInput } from "./assertAvailabilityInput";
import { buildAvailabilityInput, buildHost } from "./testing/buildAvailabilityInput";
import type { AvailabilityInput } from "./types";

describe("assertAvailabilityInput", () => {
  it("accepts the default input and each kind's minimum", () => {
    expect(() => assertAvailabilityInput(buildAvailabilityInput())).not.toThrow();
    expect(() =>
      assertAvailabilityInput(buildAvailabilityInput({ kind: "GROUP", seats: 1 })),
    ).not.toThrow();
    expect(() =>
      assertAvailabilityInput(
        buildAvailabilityInput({
          kind: "COLLECTIVE",
          hosts: [buildHost(), buildHost({ hostId: "host-2" })],
        }),
      ),
    ).not.toThrow();
  });

  it.each<[Partial<AvailabilityInput>, string]>([
    [{ now: Number.NaN }, "now"],
    [{ kind: "TEAM" as never }, "kind"],
    [{ duration: 0 }, "duration"],
    [{ duration: -30 }, "duration"],
    [{ slotStep: 0 }, "slotStep"],
    [{ bufferBefore: -5 }, "bufferBefore"],
    [{ bufferAfter: Number.POSITIVE_INFINITY }, "bufferAfter"],
    [{ minimumNotice: -1 }, "minimumNotice"],
    [{ maxDaysAhead: 1.5 }, "maxDaysAhead"],
    [{ maxDaysAhead: -1 }, "maxDaysAhead"],
    [{ dailyLimit: -1 }, "dailyLimit"],
    [{ kind: "GROUP", seats: null }, "seats"],
    [{ kind: "GROUP", seats: 0 }, "seats"],
    [{ hosts: [] }, "hosts"],
    [{ hosts: [buildHost(), buildHost({ hostId: "host-2" })] }, "hosts"],
    [{ kind: "COLLECTIVE", hosts: [buildHost(), buildHost()] }, "hosts"],
    [
      { window: { startDate: "2027-06-31", endDate: "2027-07-01", timeZone: "UTC" } },
      "window.startDate",
    ],
    [
      { window: { startDate: "2027-06-07", endDate: "07/06/2027", timeZone: "UTC" } },
      "window.endDate",
    ],
    [
      { window: { startDate: "2027-06-07", endDate: "2027-06-06", timeZone: "UTC" } },
      "window.endDate",
    ],
  ])("throws VALIDATION naming the field (%#: %s)", (overrides, field) => {
    try {
      assertAvailabilityInput(buildAvailabilityInput(overrides));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("VALIDATION");
      expect((error as DomainError).fields).toHaveProperty([field]);
    }
  });

  it("lists every bad field at once", () => {
    try {
      assertAvailabilityInput(buildAvailabilityInput({ duration: 0, bufferAfter: -1 }));
      expect.unreachable();
    } catch (error) {
      expect(Object.keys((error as DomainError).fields ?? {})).toEqual(["duration", "bufferAfter"]);
    }
  });
});
