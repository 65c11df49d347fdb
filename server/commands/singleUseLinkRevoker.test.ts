import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listSingleUseLinks } from "../data/singleUseLinks";
import { singleUseLinks } from "../db/schema";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { singleUseLinkCreator } from "./singleUseLinkCreator";
import { singleUseLinkRevoker } from "./singleUseLinkRevoker";

// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp();
t.setNow(NOW);
const db = t.database.db;

describe("singleUseLinkRevoker", () => {
  it("revokes an unused link; a used one stays as the record of its booking", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const unused = await singleUseLinkCreator(db, host.id, type.id);
    const used = await singleUseLinkCreator(db, host.id, type.id);
    await db.update(singleUseLinks).set({ usedAt: NOW }).where(eq(singleUseLinks.id, used.id));
    await singleUseLinkRevoker(db, host.id, type.id, unused.id);
    await expect(singleUseLinkRevoker(db, host.id, type.id, used.id)).rejects.toMatchObject({
      code: "CONFLICT",
      detail: { key: "booking.linkUsed" },
    });
    expect((await listSingleUseLinks(db, type.id)).map((l) => l.id)).toEqual([used.id]);
  });

  it("is NOT_FOUND for an unknown link, a link of another event type, another host's event type", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const type = await createEventType(t, host);
    const otherType = await createEventType(t, host);
    const link = await singleUseLinkCreator(db, host.id, type.id);
    for (const [userId, typeId, linkId] of [
      [host.id, type.id, randomUUID()],
      [host.id, otherType.id, link.id],
      [other.id, type.id, link.id],
    ] as const) {
      await expect(singleUseLinkRevoker(db, userId, typeId, linkId)).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
  });
});
