import { describe, expect, it } from "vitest";
import type { BookingResponse } from "./bookingApi";
import { attendeeLinks } from "./bookingStore";

const booking = (attendee: BookingResponse["attendee"]): BookingResponse => ({
  event: {
    uuid: "e1",
    title: "Intro",
    start: "2026-11-23T08:00:00Z",
    end: "2026-11-23T08:30:00Z",
    status: "CONFIRMED",
    hosts: [],
    location: null,
  },
  attendee,
});

describe("attendeeLinks", () => {
  it("uses the server's links as paths", () => {
    expect(
      attendeeLinks(
        booking({
          uuid: "a1",
          cancelUrl: "https://slotted.example/cancel/a1/t%2B1",
          rescheduleUrl: "https://slotted.example/reschedule/by-attendee/a1?token=t%2B1",
        }),
      ),
    ).toEqual({ cancel: "/cancel/a1/t%2B1", reschedule: "/reschedule/by-attendee/a1?token=t%2B1" });
  });

  it("builds them from the token, and is null without one", () => {
    expect(attendeeLinks(booking({ uuid: "a1", cancelToken: "t+1" }))).toEqual({
      cancel: "/cancel/a1/t%2B1",
      reschedule: "/reschedule/by-attendee/a1?token=t%2B1",
    });
    expect(attendeeLinks(booking({ uuid: "a1" }))).toBeNull();
  });
});
