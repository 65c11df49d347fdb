import { describe, expect, it } from "vitest";
import { WORKING_HOURS } from "../../core/schedules/scheduleSchema";
import { listSchedules } from "../data/schedules";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { scheduleCreator } from "./scheduleCreator";
import { scheduleDeleter } from "./scheduleDeleter";

const t = await createTestApp();
const db = t.database.db;
const input = { name: "Evenings", timeZone: "Europe/Berlin", weekly: WORKING_HOURS, overrides: [] };

describe("scheduleDeleter", () => {
  it("hands the default to the oldest remaining schedule", async () => {
    const host = await signUpHost(t);
    const [first] = await listSchedules(db, host.id);
    const second = await scheduleCreator(db, host.id, input);
    await scheduleCreator(db, host.id, input);
    await scheduleDeleter(db, host.id, first!.id);
    const after = await listSchedules(db, host.id);
    expect(after.filter((s) => s.isDefault).map((s) => s.id)).toEqual([second.id]);
  });

  it("leaves another host's schedule alone (NOT_FOUND)", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const [first] = await listSchedules(db, host.id);
    await expect(scheduleDeleter(db, other.id, first!.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "schedules.notFound" },
    });
    expect(await listSchedules(db, host.id)).toHaveLength(1);
  });
});
