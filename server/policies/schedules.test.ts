import { describe, expect, it } from "vitest";
import { assertCanManageSchedule, canManageSchedule } from "./schedules";

describe("schedule policy", () => {
  it("is its owner's alone; anyone else finds nothing", () => {
    const schedule = { id: "s1", userId: "ada" };
    expect(canManageSchedule("ada", schedule)).toBe(true);
    expect(canManageSchedule("bo", schedule)).toBe(false);
    expect(assertCanManageSchedule("ada", schedule)).toBe(schedule);
    for (const [userId, row] of [
      ["bo", schedule],
      ["ada", null],
    ] as const) {
      expect(() => assertCanManageSchedule(userId, row)).toThrow(
        expect.objectContaining({
          code: "NOT_FOUND",
          detail: { key: "schedules.notFound", params: {} },
        }),
      );
    }
  });
});
