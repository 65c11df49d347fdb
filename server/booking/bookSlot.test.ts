import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AttendeeRow, EventRow } from "../data/bookings";
import type { Tx } from "../db/database";
import { events, hostBusy } from "../db/schema";
import { bookDirectly } from "../test/bookingCommands";
import { BOOKING_NOW, berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { bookSlot, busyRange, type SlotBooking } from "./bookSlot";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;

/** A new booking of `eventTypeId` at `start` (30 minutes) taking hosts as `take` says. */
function booking(
  eventTypeId: string,
  start: string,
  take: SlotBooking["take"],
  alsoWrite?: SlotBooking["alsoWrite"],
): SlotBooking {
  const startAt = new Date(start);
  const endAt = new Date(startAt.getTime() + 30 * 60_000);
  const during = busyRange(startAt, endAt, { bufferBefore: 0, bufferAfter: 0 });
  return {
    take,
    during,
    now: BOOKING_NOW,
    newEvent: (): EventRow => ({
      id: randomUUID(),
      eventTypeId,
      status: "CONFIRMED",
      startAt,
      endAt,
      title: "Call",
      location: null,
      formerEventId: null,
      rescheduleReason: null,
      cancellationReason: null,
      cancelledAt: null,
      sequence: 0,
      seriesId: null,
      recurrenceStartAt: null,
      createdAt: BOOKING_NOW,
    }),
    newAttendee: (eventId): AttendeeRow => ({
      id: randomUUID(),
      eventId,
      status: "CONFIRMED",
      name: "Grace",
      firstName: null,
      lastName: null,
      salutation: null,
      email: "grace@example.com",
      phone: null,
      guests: [],
      answers: {},
      language: "en",
      timeZone: "Europe/Berlin",
      cancelToken: randomUUID(),
      cancellationReason: null,
      noShowAt: null,
      smsConsent: false,
      createdAt: BOOKING_NOW,
    }),
    alsoWrite,
  };
}

/** Two hosts, the first already booked at 09:00 on day 1; an event type of the second. */
async function oneBusyHost(): Promise<{ busy: Host; free: Host; typeId: string }> {
  const busy = await signUpHost(t);
  const free = await signUpHost(t);
  const busyType = await createEventType(t, busy);
  await bookDirectly(t, userLink(busy, busyType), { start: berlinSlot(1, "09:00") });
  const type = await createEventType(t, free);
  return { busy, free, typeId: type.id };
}

const hostsOf = async (eventId: string) =>
  (await db.select().from(hostBusy).where(eq(hostBusy.eventId, eventId))).map((r) => r.hostId);

describe("bookSlot", () => {
  it("in one statement, skips a candidate who is busy for the next", async () => {
    const { busy, free, typeId } = await oneBusyHost();
    const plan = { required: [], choices: [[busy.id, free.id]] };
    const booked = await bookSlot(db, booking(typeId, berlinSlot(1, "09:00"), { plan }));
    expect(booked.hostIds).toEqual([free.id]);
    expect(await hostsOf(booked.event.id)).toEqual([free.id]);
  });

  it("in a transaction (something else to write), skips the busy candidate in a savepoint", async () => {
    const { busy, free, typeId } = await oneBusyHost();
    const plan = { required: [], choices: [[busy.id, free.id]] };
    const written: string[] = [];
    const alsoWrite = async (_tx: Tx, event: EventRow) => {
      written.push(event.id);
    };
    const booked = await bookSlot(db, booking(typeId, berlinSlot(1, "09:00"), { plan }, alsoWrite));
    expect(booked.hostIds).toEqual([free.id]);
    expect(written).toEqual([booked.event.id]);
  });

  it("answers SLOT_NOT_AVAILABLE_ANYMORE, writing nothing, when no candidate is free", async () => {
    const { busy, typeId } = await oneBusyHost();
    for (const alsoWrite of [undefined, async () => {}]) {
      const plan = { required: [busy.id], choices: [] };
      await expect(
        bookSlot(db, booking(typeId, berlinSlot(1, "09:00"), { plan }, alsoWrite)),
      ).rejects.toMatchObject({ code: "SLOT_NOT_AVAILABLE_ANYMORE" });
    }
    const [row] = await db
      .select({ n: count() })
      .from(events)
      .where(eq(events.eventTypeId, typeId));
    expect(row!.n).toBe(0);
  });

  it("seats GROUP bookings in the event at that time, and refuses the seat after the last", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 2 });
    const start = berlinSlot(2, "10:00");
    const seat = (eventId: string | undefined) => {
      const request = booking(type.id, start, { plan: { required: [], choices: [] } });
      return {
        ...request,
        take: {
          seat: {
            eventTypeId: type.id,
            seats: 2,
            at: { start: new Date(start), end: new Date(Date.parse(start) + 30 * 60_000) },
            eventId,
            hostIds: [host.id],
            during: request.during,
            newEvent: request.newEvent(),
          },
        },
      };
    };
    const first = await bookSlot(db, seat(undefined));
    // A second first-booker (it saw no event yet) joins the event the first one made.
    const second = await bookSlot(db, seat(undefined));
    expect(second.event.id).toBe(first.event.id);
    await expect(bookSlot(db, seat(first.event.id))).rejects.toMatchObject({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
    });
    expect(await hostsOf(first.event.id)).toEqual([host.id]);
  });

  it("retries a transaction the database aborted once, then answers UNAVAILABLE", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const plan = { required: [host.id], choices: [] };
    const deadlock = () =>
      Object.assign(new Error("deadlock detected"), { cause: { code: "40P01" } });
    let runs = 0;
    const onceAborted = async () => {
      runs += 1;
      if (runs === 1) throw deadlock();
    };
    const booked = await bookSlot(
      db,
      booking(type.id, berlinSlot(3, "09:00"), { plan }, onceAborted),
    );
    expect(runs).toBe(2);
    expect(await hostsOf(booked.event.id)).toEqual([host.id]);

    const alwaysAborted = async () => {
      throw deadlock();
    };
    await expect(
      bookSlot(db, booking(type.id, berlinSlot(3, "11:00"), { plan }, alwaysAborted)),
    ).rejects.toMatchObject({ code: "UNAVAILABLE", retryAfterSeconds: 1 });
  });
});
