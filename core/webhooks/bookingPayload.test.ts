import { describe, expect, it } from "vitest";
import { webhookBookingSchema } from "../api/webhooks";
import { type BookingSnapshot, bookingPayload } from "./bookingPayload";

const snapshot: BookingSnapshot = {
  event: {
    id: "11111111-1111-4111-8111-111111111111",
    status: "CONFIRMED",
    title: "Intro call",
    startAt: new Date("2026-12-01T09:00:00Z"),
    endAt: new Date("2026-12-01T09:30:00Z"),
    location: { type: "JITSI", value: "https://meet.jit.si/x" },
    rescheduleReason: null,
    cancellationReason: null,
  },
  eventType: {
    id: "22222222-2222-4222-8222-222222222222",
    slug: "intro",
    title: "Intro call",
    kind: "ONE_ON_ONE",
    teamId: null,
  },
  hosts: [
    {
      id: "33333333-3333-4333-8333-333333333333",
      name: "Host",
      email: "host@example.com",
      timeZone: "Europe/Berlin",
    },
  ],
  attendees: [
    {
      id: "44444444-4444-4444-8444-444444444444",
      status: "CONFIRMED",
      name: "Ada",
      email: "ada@example.com",
      phone: null,
      guests: [],
      timeZone: "America/New_York",
      language: "en",
      answers: { q1: "yes" },
      cancellationReason: null,
    },
  ],
  payment: null,
  former: { startAt: new Date("2026-11-30T09:00:00Z"), endAt: new Date("2026-11-30T09:30:00Z") },
};

describe("bookingPayload", () => {
  it("gives UTC times and the invitee's local ones, and matches the wire schema", () => {
    const payload = bookingPayload(snapshot);
    expect(payload).toMatchObject({
      start: "2026-12-01T09:00:00.000Z",
      timeZone: "America/New_York",
      startLocal: "2026-12-01T04:00:00-05:00",
      endLocal: "2026-12-01T04:30:00-05:00",
      answers: { q1: "yes" },
      location: { type: "JITSI", value: "https://meet.jit.si/x" },
      rescheduledFrom: { start: "2026-11-30T09:00:00.000Z", end: "2026-11-30T09:30:00.000Z" },
    });
    expect(payload.attendees[0]!.startLocal).toBe("2026-12-01T04:00:00-05:00");
    expect(webhookBookingSchema.parse(payload)).toEqual(payload);
  });

  it("falls back to the host's zone when no attendee is left", () => {
    const payload = bookingPayload({ ...snapshot, attendees: [] });
    expect(payload.timeZone).toBe("Europe/Berlin");
    expect(payload.startLocal).toBe("2026-12-01T10:00:00+01:00");
    expect(payload.answers).toEqual({});
  });
});
