import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schedules } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { loadHostSchedules } from "./loadHostSchedules";

const t = await createTestApp();
const { db } = t.database;

describe("loadHostSchedules", () => {
  it("uses the event type's schedule for its owner and each other host's default", async () => {
    const ada = await signUpHost(t);
    const bob = await signUpHost(t, { timeZone: "Asia/Tokyo" });
    const [late] = await db
      .insert(schedules)
      .values({
        userId: ada.id,
        name: "Late",
        timeZone: "America/New_York",
        weekly: { MON: [{ start: "18:00", end: "22:00" }] },
      })
      .returning();
    const loaded = await loadHostSchedules(db, [ada.id, bob.id], late!.id);
    expect(loaded.get(ada.id)).toEqual({
      timeZone: "America/New_York",
      weekly: { MON: [{ start: "18:00", end: "22:00" }] },
      overrides: [],
    });
    expect(loaded.get(bob.id)).toMatchObject({
      timeZone: "Asia/Tokyo",
      weekly: { MON: [{ start: "09:00", end: "17:00" }] },
    });
    expect((await loadHostSchedules(db, [ada.id], null)).get(ada.id)?.timeZone).toBe(
      "Europe/Berlin",
    );
  });

  it("gives a host without schedules an empty week in their own zone", async () => {
    const ada = await signUpHost(t, { timeZone: "Europe/Lisbon" });
    await db.delete(schedules).where(eq(schedules.userId, ada.id));
    expect((await loadHostSchedules(db, [ada.id], null)).get(ada.id)).toEqual({
      timeZone: "Europe/Lisbon",
      weekly: {},
      overrides: [],
    });
  });
});
