import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findEventHosts } from "../data/bookings";
import { bookingChanges, events, hostBusy } from "../db/schema";
import { bookDirectly, commandContext, resolvedEvent } from "../test/bookingCommands";
import {
  berlinSlot,
  bookingMailsTo,
  scheduledOutboxMails,
  teamEventType,
  userLink,
} from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { roundRobinReassigner } from "./roundRobinReassigner";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = () => commandContext(t);

/** A round-robin booking at `start` between two hosts; who got it and who did not. */
async function roundRobinBooking(start: string, overrides: Record<string, unknown> = {}) {
  const a = await signUpHost(t);
  const b = await signUpHost(t);
  const type = await teamEventType(t, "ROUND_ROBIN", [a, b], overrides);
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
    const { booked, resolved, other, hosts } = await roundRobinBooking(berlinSlot(0, "09:00"));
    const moved = await roundRobinReassigner(context(), hosts.a.id, resolved, other);
    expect(moved.event).toMatchObject({ id: booked.event.id, sequence: 1 });
    expect(moved.hosts.map((h) => h.id)).toEqual([other.id]);
    expect((await findEventHosts(db, booked.event.id)).map((h) => h.id)).toEqual([other.id]);
    const busy = await db.select().from(hostBusy).where(eq(hostBusy.eventId, booked.event.id));
    expect(busy.map((row) => row.hostId)).toEqual([other.id]);
    const mails = await bookingMailsTo(t, booked.attendee.email);
    expect(mails.map((m) => m.template)).toEqual(["bookingConfirmed", "bookingRescheduled"]);
    // Its one change names the host who reassigned it.
    const changes = await db
      .select({ actor: bookingChanges.actor })
      .from(bookingChanges)
      .where(
        and(eq(bookingChanges.eventId, booked.event.id), eq(bookingChanges.kind, "reassigned")),
      );
    expect(changes).toEqual([{ actor: hosts.a.id }]);
  });

  it("writes the reminders still to come again for the new host, the invitee's included", async () => {
    const start = berlinSlot(2, "10:00");
    const { booked, resolved, holder, other, hosts } = await roundRobinBooking(start, {
      reminders: [{ minutesBefore: 60, to: "invitee_and_host" }],
    });
    const about = async () =>
      (await scheduledOutboxMails(t)).filter((row) => row.eventId === booked.event.id);
    const before = await about();
    expect(before.map((r) => r.payload.data.role)).toEqual(["invitee", "host"]);
    const moved = await roundRobinReassigner(context(), hosts.a.id, resolved, other);
    const after = await about();
    expect(after.map((r) => [r.payload.data.role, r.nextAttemptAt])).toEqual([
      ["invitee", new Date(Date.parse(start) - 3_600_000)],
      ["host", new Date(Date.parse(start) - 3_600_000)],
    ]);
    const [toInvitee, toHost] = after;
    const newHostNames = moved.hosts.map((h) => h.name);
    expect(toInvitee!.payload.data.hostNames).toEqual(newHostNames);
    expect(toHost!.payload.data.hostNames).toEqual(newHostNames);
    expect(before[0]!.payload.data.hostNames).not.toEqual(newHostNames);
    expect(before[1]!.payload.to.email).toBe(holder.email);
    expect(toHost!.payload.to.email).toBe(other.email);
  });

  it("refuses the host who already has it (VALIDATION) and a host busy then", async () => {
    const start = berlinSlot(0, "11:00");
    const { resolved, holder, other, hosts } = await roundRobinBooking(start);
    await expect(
      roundRobinReassigner(context(), hosts.a.id, resolved, holder),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      detail: { key: "booking.alreadyHosts" },
      fields: { hostId: [{ key: "booking.alreadyHosts" }] },
    });
    const otherHost = other.id === hosts.a.id ? hosts.a : hosts.b;
    const ownType = await createEventType(t, otherHost);
    await bookDirectly(t, userLink(otherHost, ownType), { start });
    await expect(
      roundRobinReassigner(context(), hosts.a.id, resolved, other),
    ).rejects.toMatchObject({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
    });
  });

  it("refuses an event deleted after it was looked up (NOT_FOUND)", async () => {
    const { booked, resolved, other, hosts } = await roundRobinBooking(berlinSlot(1, "09:00"));
    await db.delete(events).where(eq(events.id, booked.event.id));
    await expect(
      roundRobinReassigner(context(), hosts.a.id, resolved, other),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      detail: { key: "booking.eventNotFound" },
    });
  });
});
