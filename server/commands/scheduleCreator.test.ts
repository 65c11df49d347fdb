import { describe, expect, it } from "vitest";
import { WORKING_HOURS } from "../../core/schedules/scheduleSchema";
import { listSchedules } from "../data/schedules";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { scheduleCreator } from "./scheduleCreator";

const t = await createTestApp();
const db = t.database.db;
const input = { name: "Evenings", timeZone: "Europe/Berlin", weekly: WORKING_HOURS, overrides: [] };

describe("scheduleCreator", () => {
  it("keeps the default unless asked; one asked to be the default takes it over", async () => {
    const host = await signUpHost(t);
    const second = await scheduleCreator(db, host.id, input);
    expect(second.isDefault).toBe(false);
    const third = await scheduleCreator(db, host.id, { ...input, isDefault: true });
    expect(third.isDefault).toBe(true);
    const defaults = (await listSchedules(db, host.id)).filter((s) => s.isDefault);
    expect(defaults.map((s) => s.id)).toEqual([third.id]);
  });

  it("makes a user's first schedule the default even when not asked", async () => {
    const host = await signUpHost(t);
    for (const schedule of await listSchedules(db, host.id)) {
      await t.request({
        method: "DELETE",
        url: `/api/schedules/${schedule.id}`,
        headers: host.headers,
      });
    }
    const first = await scheduleCreator(db, host.id, { ...input, isDefault: false });
    expect(first.isDefault).toBe(true);
  });
});
