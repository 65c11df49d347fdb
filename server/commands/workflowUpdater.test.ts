import { describe, expect, it } from "vitest";
import { BOOKING_NOW } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { workflowCreator } from "./workflowCreator";
import { workflowUpdater } from "./workflowUpdater";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("workflowUpdater", () => {
  it("keeps the steps when none are given, checks the merged workflow whole, and is NOT_FOUND for others", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const type = await createEventType(t, host);
    const { db } = t.database;
    const { workflow: created } = await workflowCreator(
      db,
      host.id,
      {
        eventTypeId: type.id,
        name: "Reminder text",
        active: true,
        trigger: "before_start",
        offsetMinutes: 60,
        cancelledBy: [],
        steps: [{ action: "email_invitee", target: null, subject: null, body: null, note: "Hi" }],
      },
      { encryptionKey: t.deps.config.encryptionKey, now: BOOKING_NOW },
    );
    const later = new Date(BOOKING_NOW.getTime() + 60_000);
    const paused = await workflowUpdater(db, host.id, created.id, { active: false }, later);
    expect(paused.active).toBe(false);
    expect(paused.steps.map((s) => s.note)).toEqual(["Hi"]);
    expect(paused.updatedAt).toEqual(later);
    // A built-in message fits a timed trigger only: moved to "created", the step needs a text.
    await expect(
      workflowUpdater(db, host.id, created.id, { trigger: "created" }, later),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      workflowUpdater(db, other.id, created.id, { active: true }, later),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
