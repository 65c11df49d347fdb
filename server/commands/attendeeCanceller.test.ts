import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findAttendee, findEvent } from "../data/bookings";
import { hostBusy } from "../db/schema";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { berlinSlot, bookingMailsTo, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { attendeeCanceller } from "./attendeeCanceller";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = () => commandContext(t);

describe("attendeeCanceller", () => {
  it("cancels the event with the attendee's secret, frees the time and mails the invitee", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { attendee, event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(0, "09:00"),
      email: "leaving@example.com",
    });
    const result = await attendeeCanceller(context(), attendee.id, attendee.cancelToken, "ill");
    expect(result.eventCancelled).toBe(true);
    expect(result.event).toMatchObject({ status: "CANCELLED", cancellationReason: "ill" });
    expect(await db.select().from(hostBusy).where(eq(hostBusy.eventId, event.id))).toEqual([]);
    expect((await bookingMailsTo(t, "leaving@example.com")).map((m) => m.template)).toEqual([
      "bookingConfirmed",
      "bookingCancelled",
    ]);
  });

  it("refuses a missing or wrong secret (FORBIDDEN) and an unknown attendee (NOT_FOUND)", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { attendee } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(0, "10:00"),
    });
    for (const token of [undefined, "wrong", `${attendee.cancelToken}x`]) {
      await expect(attendeeCanceller(context(), attendee.id, token, "")).rejects.toMatchObject({
        code: "FORBIDDEN",
        detail: { key: "booking.linkNotValid" },
      });
    }
    await expect(
      attendeeCanceller(context(), "00000000-0000-4000-8000-000000000000", "x", ""),
    ).rejects.toMatchObject({ code: "NOT_FOUND", detail: { key: "booking.notFound" } });
    expect((await findAttendee(db, attendee.id))?.status).toBe("CONFIRMED");
  });

  it("refuses a second cancel and a meeting that has begun (CONFLICT)", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const start = berlinSlot(0, "11:00");
    const first = await bookDirectly(t, userLink(host, type), { start });
    const begun = { ...context(), now: new Date(start) };
    await expect(
      attendeeCanceller(begun, first.attendee.id, first.attendee.cancelToken, ""),
    ).rejects.toMatchObject({ code: "CONFLICT", detail: { key: "booking.alreadyStarted" } });
    await attendeeCanceller(context(), first.attendee.id, first.attendee.cancelToken, "");
    await expect(
      attendeeCanceller(context(), first.attendee.id, first.attendee.cancelToken, ""),
    ).rejects.toMatchObject({ code: "CONFLICT", detail: { key: "booking.alreadyCancelled" } });
  });

  it("in a GROUP event frees only the attendee's seat while others remain", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    const start = berlinSlot(1, "09:00");
    const first = await bookDirectly(t, userLink(host, type), { start });
    const second = await bookDirectly(t, userLink(host, type), { start });
    const seat = await attendeeCanceller(
      context(),
      first.attendee.id,
      first.attendee.cancelToken,
      "",
    );
    expect(seat.eventCancelled).toBe(false);
    expect((await findEvent(db, first.event.id))?.status).toBe("CONFIRMED");
    const last = await attendeeCanceller(
      context(),
      second.attendee.id,
      second.attendee.cancelToken,
      "",
    );
    expect(last.eventCancelled).toBe(true);
    expect((await findEvent(db, first.event.id))?.status).toBe("CANCELLED");
  });
});
