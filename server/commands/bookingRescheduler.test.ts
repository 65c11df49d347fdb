import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findEvent, findEventHosts } from "../data/bookings";
import { bookingChanges, events, hostBusy } from "../db/schema";
import { bookDirectly, commandContext, resolvedEvent } from "../test/bookingCommands";
import { berlinSlot, scheduledOutboxMails, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { bookingRescheduler } from "./bookingRescheduler";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = () => commandContext(t);
const to = (start: string, reason = "") => ({ start: Date.parse(start), timeZone: "UTC", reason });

describe("bookingRescheduler", () => {
  it("moves a host's event in place: same id, rising sequence, the former time kept", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(0, "09:00"),
    });
    const resolved = await resolvedEvent(t, { eventUuid: event.id });
    const moved = await bookingRescheduler(
      context(),
      resolved,
      { kind: "host", userId: host.id },
      to(berlinSlot(1, "10:00"), "Clash"),
    );
    expect(moved.event).toMatchObject({
      id: event.id,
      startAt: new Date(berlinSlot(1, "10:00")),
      sequence: 1,
      rescheduleReason: "Clash",
    });
    expect(moved.hosts.map((h) => h.id)).toEqual([host.id]);
    const former = await findEvent(db, moved.event.formerEventId!);
    expect(former).toMatchObject({
      status: "CANCELLED",
      startAt: new Date(berlinSlot(0, "09:00")),
    });
    const busy = await db.select().from(hostBusy).where(eq(hostBusy.eventId, event.id));
    expect(busy).toHaveLength(1);
    // Its one change names the host who moved it.
    const changes = await db
      .select({ actor: bookingChanges.actor })
      .from(bookingChanges)
      .where(and(eq(bookingChanges.eventId, event.id), eq(bookingChanges.kind, "rescheduled")));
    expect(changes).toEqual([{ actor: host.id }]);
  });

  it("refuses the same time (VALIDATION) and a taken one, leaving the booking as it was", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const { event } = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(0, "11:00"),
    });
    await bookDirectly(t, userLink(host, type), { start: berlinSlot(0, "12:00") });
    const resolved = await resolvedEvent(t, { eventUuid: event.id });
    await expect(
      bookingRescheduler(
        context(),
        resolved,
        { kind: "host", userId: host.id },
        to(berlinSlot(0, "11:00")),
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      detail: { key: "booking.chooseDifferentTime" },
      fields: { start: [{ key: "booking.chooseDifferentTime" }] },
    });
    await expect(
      bookingRescheduler(
        context(),
        resolved,
        { kind: "host", userId: host.id },
        to(berlinSlot(0, "12:00")),
      ),
    ).rejects.toMatchObject({ code: "SLOT_NOT_AVAILABLE_ANYMORE" });
    expect((await findEvent(db, event.id))?.startAt).toEqual(new Date(berlinSlot(0, "11:00")));
  });

  it("moves a GROUP attendee's seat into a new event while the others stay, then into theirs", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 3 });
    const start = berlinSlot(1, "13:00");
    const first = await bookDirectly(t, userLink(host, type), { start });
    const second = await bookDirectly(t, userLink(host, type), { start });
    const moving = { kind: "attendee" as const, attendeeId: first.attendee.id };
    const resolved = await resolvedEvent(t, { attendeeUuid: first.attendee.id });
    const moved = await bookingRescheduler(context(), resolved, moving, to(berlinSlot(1, "15:00")));
    expect(moved.event.id).not.toBe(first.event.id);
    expect(moved.event.formerEventId).toBe(first.event.id);
    expect((await findEvent(db, first.event.id))?.status).toBe("CONFIRMED");
    // Each seat's reminder (the default: a day before) is about its own meeting and time.
    const reminders = async () =>
      new Map(
        (await scheduledOutboxMails(t))
          .filter((r) => r.attendeeId === first.attendee.id || r.attendeeId === second.attendee.id)
          .map((r) => [r.attendeeId, [r.eventId, r.nextAttemptAt.toISOString()]]),
      );
    const dayBefore = (iso: string) => new Date(Date.parse(iso) - 86_400_000).toISOString();
    expect(await reminders()).toEqual(
      new Map([
        [first.attendee.id, [moved.event.id, dayBefore(berlinSlot(1, "15:00"))]],
        [second.attendee.id, [first.event.id, dayBefore(start)]],
      ]),
    );

    // The second attendee follows into that event; theirs, now empty, is cancelled.
    const follower = { kind: "attendee" as const, attendeeId: second.attendee.id };
    const again = await resolvedEvent(t, { attendeeUuid: second.attendee.id });
    const joined = await bookingRescheduler(context(), again, follower, to(berlinSlot(1, "15:00")));
    expect(joined.event.id).toBe(moved.event.id);
    expect((await findEvent(db, first.event.id))?.status).toBe("CANCELLED");
    expect((await findEventHosts(db, moved.event.id)).map((h) => h.id)).toEqual([host.id]);
    expect((await reminders()).get(second.attendee.id)).toEqual([
      moved.event.id,
      dayBefore(berlinSlot(1, "15:00")),
    ]);
  });

  it("refuses an event cancelled or deleted after it was looked up (NOT_FOUND)", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const cancelled = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(2, "09:00"),
    });
    const deleted = await bookDirectly(t, userLink(host, type), { start: berlinSlot(2, "10:00") });
    const resolvedCancelled = await resolvedEvent(t, { eventUuid: cancelled.event.id });
    const resolvedDeleted = await resolvedEvent(t, { eventUuid: deleted.event.id });
    await db.update(events).set({ status: "CANCELLED" }).where(eq(events.id, cancelled.event.id));
    await db.delete(events).where(eq(events.id, deleted.event.id));
    await expect(
      bookingRescheduler(
        context(),
        resolvedCancelled,
        { kind: "host", userId: host.id },
        to(berlinSlot(3, "09:00")),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND", detail: { key: "booking.eventCancelled" } });
    await expect(
      bookingRescheduler(
        context(),
        resolvedDeleted,
        { kind: "host", userId: host.id },
        to(berlinSlot(3, "10:00")),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND", detail: { key: "booking.eventNotFound" } });
  });
});
