import type { Attendee, Booking } from "../api/types";

/** An invitee as the host API returns one, with `overrides`. */
export function attendeeFixture(overrides: Partial<Attendee> = {}): Attendee {
  return {
    uuid: "00000000-0000-4000-8000-00000000000a",
    status: "CONFIRMED",
    name: "Ida Invitee",
    firstName: null,
    lastName: null,
    salutation: null,
    email: "ida@example.com",
    phone: null,
    guests: [],
    answers: {},
    timeZone: "Europe/Berlin",
    language: "en",
    cancellationReason: null,
    noShowAt: null,
    ...overrides,
  };
}

/** A confirmed one-on-one booking from 09:00 to 09:30 UTC on 2 March 2026, with `overrides`. */
export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  return {
    uuid: "00000000-0000-4000-8000-000000000001",
    title: "Intro call between Ana and Ida",
    start: "2026-03-02T09:00:00.000Z",
    end: "2026-03-02T09:30:00.000Z",
    status: "CONFIRMED",
    location: null,
    cancellationReason: null,
    rescheduleReason: null,
    seriesId: null,
    eventType: {
      id: "00000000-0000-4000-8000-000000000002",
      title: "Intro call",
      slug: "intro",
      kind: "ONE_ON_ONE",
    },
    hosts: [
      {
        id: "00000000-0000-4000-8000-000000000003",
        name: "Ana",
        username: "ana",
        email: "ana@example.com",
      },
    ],
    attendees: [attendeeFixture()],
    calendarChange: null,
    payments: [],
    ...overrides,
  };
}
