import { describe, expect, it } from "vitest";
import type { Booking } from "../api/types";
import { bookingFilter, bookingsOfTab, matchesSearch } from "./bookingWindow";

const now = new Date("2026-11-23T12:00:00Z");
const booking = (
  uuid: string,
  start: string,
  status: Booking["status"] = "CONFIRMED",
): Booking => ({
  uuid,
  title: "Intro",
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  status,
  location: null,
  cancellationReason: null,
  rescheduleReason: null,
  seriesId: null,
  eventType: { id: "e", title: "Intro", slug: "intro", kind: "ONE_ON_ONE" },
  hosts: [],
  attendees: [
    {
      uuid: "a",
      status: "CONFIRMED",
      name: "Ada Lovelace",
      firstName: null,
      lastName: null,
      salutation: null,
      email: "ada@example.com",
      phone: null,
      guests: [],
      answers: {},
      timeZone: "UTC",
      language: "en",
      cancellationReason: null,
    },
  ],
  calendarChange: null,
  payments: [],
});

describe("booking tabs", () => {
  it("ask the API for the right window", () => {
    expect(bookingFilter("upcoming", now, { from: "", to: "" })).toEqual({
      from: "2026-11-23T12:00:00.000Z",
      to: undefined,
    });
    expect(bookingFilter("past", now, { from: "2026-11-01", to: "" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-23T12:00:00.000Z",
    });
    expect(bookingFilter("cancelled", now, { from: "", to: "2026-12-01" })).toMatchObject({
      status: "CANCELLED",
      to: "2026-12-01",
    });
  });

  it("sort upcoming soonest first and past latest first, cancelled apart", () => {
    const list = [
      booking("later", "2026-11-25T09:00:00Z"),
      booking("soon", "2026-11-24T09:00:00Z"),
      booking("old", "2026-11-20T09:00:00Z"),
      booking("older", "2026-11-19T09:00:00Z"),
      booking("gone", "2026-11-26T09:00:00Z", "CANCELLED"),
    ];
    expect(bookingsOfTab(list, "upcoming", now).map((b) => b.uuid)).toEqual(["soon", "later"]);
    expect(bookingsOfTab(list, "past", now).map((b) => b.uuid)).toEqual(["old", "older"]);
    expect(bookingsOfTab(list, "cancelled", now).map((b) => b.uuid)).toEqual(["gone"]);
  });

  it("search titles and attendees", () => {
    expect(matchesSearch(booking("x", "2026-11-25T09:00:00Z"), "LOVELACE")).toBe(true);
    expect(matchesSearch(booking("x", "2026-11-25T09:00:00Z"), "bob")).toBe(false);
  });
});
