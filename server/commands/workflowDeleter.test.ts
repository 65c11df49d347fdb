import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findWorkflows } from "../data/workflows";
import { outbox, workflowRuns } from "../db/schema";
import { BOOKING_NOW, berlinSlot, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { workflowDeleter } from "./workflowDeleter";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("workflowDeleter", () => {
  it("deletes a workflow with its log and what it scheduled and has not sent; NOT_FOUND for others", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const type = await createEventType(t, host);
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(3, "10:00") }),
    );
    const { db } = t.database;
    const [reminder] = await findWorkflows(db, type.id);
    const scheduled = await db.select().from(outbox).where(eq(outbox.eventId, booked.event.uuid));
    expect(scheduled).toHaveLength(1);
    await expect(workflowDeleter(db, other.id, reminder!.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await workflowDeleter(db, host.id, reminder!.id);
    expect(await findWorkflows(db, type.id)).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.eventId, booked.event.uuid))).toEqual([]);
    expect(
      await db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, reminder!.id)),
    ).toEqual([]);
  });
});
