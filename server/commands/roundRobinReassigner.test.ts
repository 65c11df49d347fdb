import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findEventHosts } from "../data/bookings";
import { events, hostBusy } from "../db/schema";
import { bookDirectly, commandContext, resolvedEvent } from "../test/bookingCommands";
import { berlinSlot, bookingMailsTo, teamEventType, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { roundRobinReassigner } from "./roundRobinReassigner";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = () => commandContext(t);

/** A round-robin booking at `start` between two hosts; who got it and who did not. */
async function roundRobinBooking(start: string) {
  const a = await signUpHost(t);
  const b = await signUpHost(t);
  const type = await teamEventType(t, "ROUND_ROBIN", [a, b]);
  const booked = await bookDirectly(
    t,
    { sharedLink: type.sharedLink },
    {
      start,
      email: `rr-${Date.parse(start)}@example.com`,
    },
  );
  const [holder, other] = booked.hosts[0]!.id === a.id ? [a, b] : [b, a];
  const resolved = await resolvedEvent(t, { eventUuid: booked.event.id });
  const host = (id: string) => resolved.target.hosts.find((h) => h.id === id)!;
  return { booked, resolved, holder: host(holder.id), other: host(other.id), hosts: { a, b } };
}

describe("roundRobinReassigner", () => {
  it("hands the event to the other host, moves the busy time and mails the invitee", async () => {
    const { booked, resolved, other } = await roundRobinBooking(berlinSlot(0, "09:00"));
    const moved = await roundRobinReassigner(context(), resolved, other);
    expect(moved.event).toMatchObject({ id: booked.event.id, sequence: 1 });
    expect(moved.hosts.map((h) => h.id)).toEqual([other.id]);
    expect((await findEventHosts(db, booked.event.id)).map((h) => h.id)).toEqual([other.id]);
    const busy = await db.select().from(hostBusy).where(eq(hostBusy.eventId, booked.event.id));
    expect(busy.map((row) => row.hostId)).toEqual([other.id]);
    const mails = await bookingMailsTo(t, booked.attendee.email);
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed", "bookingRescheduled"]);
  });

  it("refuses the host who already has it (VALIDATION) and a host busy then", async () => {
    const start = berlinSlot(0, "11:00");
    const { resolved, holder, other, hosts } = await roundRobinBooking(start);
    await expect(roundRobinReassigner(context(), resolved, holder)).rejects.toMatchObject({
      code: "VALIDATION",
      detail: { key: "booking.alreadyHosts" },
      fields: { hostId: [{ key: "booking.alreadyHosts" }] },
    });
    const otherHost = other.id === hosts.a.id ? hosts.a : hosts.b;
    const ownType = await createEventType(t, otherHost);
    await bookDirectly(t, userLink(otherHost, ownType), { start });
    await expect(roundRobinReassigner(context(), resolved, other)).rejects.toMatchObject({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
    });
  });

  it("refuses an event deleted after it was looked up (NOT_FOUND)", async () => {
    const { booked, resolved, other } = await roundRobinBooking(berlinSlot(1, "09:00"));
    await db.delete(events).where(eq(events.id, booked.event.id));
    await expect(roundRobinReassigner(context(), resolved, other)).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "booking.eventNotFound" },
    });
  });
});
