import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { hostBusy, singleUseLinks } from "../db/schema";
import { paymentsSetup } from "../payments/stripeGateway";
import { bookDirectly, bookingInput, commandContext } from "../test/bookingCommands";
import { berlinSlot, bookingMailsTo, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { startStripeDouble } from "../test/stripeDouble";
import { createTestApp } from "../test/testApp";
import { bookingCreator } from "./bookingCreator";

const stripe = await startStripeDouble();
afterAll(() => stripe.stop());
// The commands and the server run at NOW, whatever the date of the run.
const NOW = new Date("2027-01-04T06:00:00Z");
const t = await createTestApp({
  stripe: stripe.config,
  bookingLimits: { perIp: 0, perEventType: 0 },
});
t.setNow(NOW);
const db = t.database.db;

describe("bookingCreator", () => {
  it("books the host's time, the attendee with a secret, and the confirmation mails", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const booked = await bookDirectly(t, userLink(host, type), {
      start: berlinSlot(0, "09:00"),
      email: "ada@example.com",
    });
    expect(booked.event).toMatchObject({
      status: "CONFIRMED",
      startAt: new Date(berlinSlot(0, "09:00")),
      endAt: new Date(berlinSlot(0, "09:30")),
    });
    expect(booked.hosts.map((h) => h.id)).toEqual([host.id]);
    expect(booked.attendee.cancelToken.length).toBeGreaterThan(20);
    const busy = await db.select().from(hostBusy).where(eq(hostBusy.eventId, booked.event.id));
    expect(busy.map((row) => row.hostId)).toEqual([host.id]);
    expect((await bookingMailsTo(t, "ada@example.com")).map((m) => m.template)).toEqual([
      "bookingConfirmed",
    ]);
  });

  it("refuses a time that is taken", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    await bookDirectly(t, userLink(host, type), { start: berlinSlot(0, "10:00") });
    await expect(
      bookDirectly(t, userLink(host, type), { start: berlinSlot(0, "10:00") }),
    ).rejects.toMatchObject({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
      detail: { key: "booking.slotTaken" },
    });
  });

  it("keeps a paid event type's booking pending, without mails, and refuses it without payments", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { price: { amount: 5000, currency: "EUR" } });
    await expect(
      bookDirectly(t, userLink(host, type), { start: berlinSlot(1, "09:00") }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      detail: { key: "booking.paymentsNotConfigured" },
    });
    const pending = await bookDirectly(
      t,
      userLink(host, type),
      { start: berlinSlot(1, "09:00"), email: "payer@example.com" },
      { payments: paymentsSetup(t.deps.config) },
    );
    expect(pending.event.status).toBe("PENDING_PAYMENT");
    expect(await bookingMailsTo(t, "payer@example.com")).toEqual([]);
  });

  it("refuses a single-use link used between its check and the booking, and books nothing", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const created = await t.request({
      method: "POST",
      url: `/api/event-types/${type.id}/single-use-links`,
      headers: host.headers,
    });
    const { link } = created.json();
    const input = await bookingInput(t, { singleUseLink: link }, { start: berlinSlot(2, "09:00") });
    // Another booking used the link meanwhile (HTTP cannot get between the two).
    await db.update(singleUseLinks).set({ usedAt: NOW }).where(eq(singleUseLinks.token, link));
    await expect(
      bookingCreator(commandContext(t), input.target, input.details, input.emailCode),
    ).rejects.toMatchObject({ code: "GONE", detail: { key: "booking.singleUseUsed" } });
    const busy = await db.select().from(hostBusy).where(eq(hostBusy.hostId, host.id));
    expect(busy).toEqual([]);
  });

  it("seats GROUP bookings in one event", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { kind: "GROUP", seats: 2 });
    const start = berlinSlot(3, "09:00");
    const first = await bookDirectly(t, userLink(host, type), { start });
    const second = await bookDirectly(t, userLink(host, type), { start });
    expect(second.event.id).toBe(first.event.id);
    await expect(bookDirectly(t, userLink(host, type), { start })).rejects.toMatchObject({
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
    });
  });
});
