import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findEvent } from "../data/bookings";
import { attendees, hostBusy } from "../db/schema";
import { bookDirectly } from "../test/bookingCommands";
import { berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { expiredRequestSweeper } from "./expiredRequestSweeper";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const publicUrl = t.deps.config.publicUrl;

const attendeeStatuses = async (eventId: string) =>
  (await db.select().from(attendees).where(eq(attendees.eventId, eventId))).map((a) => a.status);

describe("expiredRequestSweeper", () => {
  it("expires the requests past their deadline, freeing their time, and leaves the later ones", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { requiresApproval: true });
    // Two hours' notice: the first request expires at 07:00 Berlin, the second the next day.
    const strict = await createEventType(t, host, {
      requiresApproval: true,
      approvalDeadline: 120,
    });
    const soon = await bookDirectly(t, userLink(host, type), { start: berlinSlot(1, "09:00") });
    const noticed = await bookDirectly(t, userLink(host, strict), {
      start: berlinSlot(1, "12:00"),
    });
    const later = await bookDirectly(t, userLink(host, type), { start: berlinSlot(30, "09:00") });

    const now = new Date(Date.parse(berlinSlot(1, "10:30")));
    expect(await expiredRequestSweeper(db, { publicUrl, now })).toBe(2);
    for (const expired of [soon, noticed]) {
      expect(await findEvent(db, expired.event.id)).toMatchObject({
        status: "CANCELLED",
        cancelledAt: now,
      });
      expect(await attendeeStatuses(expired.event.id)).toEqual(["CANCELLED"]);
      expect(
        await db.select().from(hostBusy).where(eq(hostBusy.eventId, expired.event.id)),
      ).toEqual([]);
    }
    expect((await findEvent(db, later.event.id))?.status).toBe("PENDING_APPROVAL");
    // Swept once: a second pass finds nothing.
    expect(await expiredRequestSweeper(db, { publicUrl, now })).toBe(0);
  });

  it("expires more requests than one batch holds, batch after batch", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { requiresApproval: true });
    const booked = [];
    for (const time of ["09:00", "10:00", "11:00"]) {
      booked.push(await bookDirectly(t, userLink(host, type), { start: berlinSlot(3, time) }));
    }
    const now = new Date(Date.parse(berlinSlot(3, "12:00")));
    expect(await expiredRequestSweeper(db, { publicUrl, now }, 2)).toBe(3);
    for (const request of booked) {
      expect((await findEvent(db, request.event.id))?.status).toBe("CANCELLED");
    }
  });
});
