import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findEvent } from "../data/bookings";
import { attendees, hostBusy } from "../db/schema";
import { bookDirectly } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { bookingApprover } from "./bookingApprover";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = { db, publicUrl: t.deps.config.publicUrl, now: BOOKING_NOW };

/** A booking request of `host` at `start`, waiting for their answer. */
async function requested(host: Host, start: string) {
  const type = await createEventType(t, host, { requiresApproval: true });
  const booked = await bookDirectly(t, userLink(host, type), { start });
  expect(booked.event.status).toBe("PENDING_APPROVAL");
  return booked;
}

const busyOf = (eventId: string) => db.select().from(hostBusy).where(eq(hostBusy.eventId, eventId));

describe("bookingApprover", () => {
  it("approving confirms the request and keeps its time held", async () => {
    const host = await signUpHost(t);
    const booked = await requested(host, berlinSlot(1, "09:00"));
    const answered = await bookingApprover(context, { userId: host.id }, booked.event.id, {
      approve: true,
    });
    expect(answered).toMatchObject({ id: booked.event.id, status: "CONFIRMED" });
    expect((await findEvent(db, booked.event.id))?.status).toBe("CONFIRMED");
    expect(await busyOf(booked.event.id)).toHaveLength(1);
  });

  it("declining cancels the request with the host's reason and frees its time", async () => {
    const host = await signUpHost(t);
    const booked = await requested(host, berlinSlot(1, "10:00"));
    const answered = await bookingApprover(context, { signedLink: true }, booked.event.id, {
      approve: false,
      reason: "Fully booked that week",
    });
    expect(answered).toMatchObject({
      id: booked.event.id,
      status: "CANCELLED",
      cancelledAt: BOOKING_NOW,
    });
    const [attendee] = await db
      .select()
      .from(attendees)
      .where(eq(attendees.eventId, booked.event.id));
    expect(attendee).toMatchObject({
      status: "CANCELLED",
      cancellationReason: "Fully booked that week",
    });
    expect(await busyOf(booked.event.id)).toEqual([]);
  });

  it("refuses another host (NOT_FOUND), a second answer and a request past its start (CONFLICT)", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const booked = await requested(host, berlinSlot(1, "11:00"));
    await expect(
      bookingApprover(context, { userId: other.id }, booked.event.id, { approve: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const late = { ...context, now: new Date(Date.parse(berlinSlot(1, "11:00")) + 60_000) };
    await expect(
      bookingApprover(late, { userId: host.id }, booked.event.id, { approve: true }),
    ).rejects.toMatchObject({ code: "CONFLICT", detail: { key: "booking.requestExpired" } });
    expect((await findEvent(db, booked.event.id))?.status).toBe("PENDING_APPROVAL");

    await bookingApprover(context, { userId: host.id }, booked.event.id, { approve: true });
    await expect(
      bookingApprover(context, { userId: host.id }, booked.event.id, {
        approve: false,
        reason: "",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", detail: { key: "booking.notAwaitingApproval" } });
    expect((await findEvent(db, booked.event.id))?.status).toBe("CONFIRMED");
  });
});
