import { describe, expect, it } from "vitest";
import { webhookCreateSchema, webhookUpdateSchema } from "../../core/api/webhooks";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { webhookCreator } from "./webhookCreator";
import { webhookUpdater } from "./webhookUpdater";

const t = await createTestApp();
const { db } = t.database;
const now = new Date("2027-01-04T06:00:00Z");
const options = { allowPrivate: false, encryptionKey: t.deps.config.encryptionKey, now };

describe("webhookUpdater", () => {
  it("pauses, resumes (clearing the server's reason), rotates and re-checks a changed URL", async () => {
    const host = await signUpHost(t);
    const created = await webhookCreator(
      db,
      host.id,
      webhookCreateSchema.parse({ url: "https://93.184.216.34/in", events: ["ping"] }),
      options,
    );
    const patch = (fields: Record<string, unknown>) =>
      webhookUpdater(db, host.id, created.id, webhookUpdateSchema.parse(fields), options);
    expect((await patch({ active: false })).row).toMatchObject({ active: false });
    const resumed = await patch({ active: true, events: ["booking.created"] });
    expect(resumed).toMatchObject({
      rotated: false,
      row: { active: true, pausedReason: null, events: ["booking.created"] },
    });
    const rotated = await patch({ rotateSecret: true });
    expect(rotated.rotated).toBe(true);
    expect(rotated.row.secret).not.toBe(created.secret);
    await expect(patch({ url: "http://127.0.0.1:8080/in" })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const other = await signUpHost(t);
    await expect(
      webhookUpdater(db, other.id, created.id, { active: false }, options),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
