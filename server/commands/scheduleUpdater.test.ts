import { describe, expect, it } from "vitest";
import { WORKING_HOURS } from "../../core/schedules/scheduleSchema";
import { listSchedules } from "../data/schedules";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { scheduleCreator } from "./scheduleCreator";
import { scheduleUpdater } from "./scheduleUpdater";

const t = await createTestApp();
const db = t.database.db;
const input = { name: "Evenings", timeZone: "Europe/Berlin", weekly: WORKING_HOURS, overrides: [] };

describe("scheduleUpdater", () => {
  it("changes a schedule; making it the default takes that from the previous one", async () => {
    const host = await signUpHost(t);
    const [first] = await listSchedules(db, host.id);
    const second = await scheduleCreator(db, host.id, input);
    const updated = await scheduleUpdater(db, host.id, second.id, {
      name: "Late",
      isDefault: true,
    });
    expect(updated).toMatchObject({ name: "Late", isDefault: true });
    const after = await listSchedules(db, host.id);
    expect(after.find((s) => s.id === first!.id)!.isDefault).toBe(false);
  });

  it("refuses to unset the default (another must take it) and another host's schedule", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const [first] = await listSchedules(db, host.id);
    await expect(
      scheduleUpdater(db, host.id, first!.id, { isDefault: false }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { isDefault: [{ key: "schedules.keepDefault" }] },
    });
    await expect(scheduleUpdater(db, other.id, first!.id, { name: "Mine" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
