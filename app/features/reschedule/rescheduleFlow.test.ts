import { describe, expect, it } from "vitest";
import type { EventViewResponse } from "../../../core/api/events";
import {
  eventTypeOfView,
  modeOfRoute,
  movedMeeting,
  reschedulePagePath,
  rescheduleRequest,
  timetableReferenceOf,
} from "./rescheduleFlow";

const LINK = "11111111-1111-4111-8111-111111111111";
const NEXT = "22222222-2222-4222-8222-222222222222";
const PAST = "33333333-3333-4333-8333-333333333333";
const LATER = "44444444-4444-4444-8444-444444444444";
const NOW = Date.parse("2027-03-01T08:00:00Z");

// The fields these functions read of an event view; the rest is the API's.
function eventView(fields: Partial<EventViewResponse>): EventViewResponse {
  return {
    uuid: LINK,
    title: "Intro",
    start: "2027-03-08T09:00:00.000Z",
    end: "2027-03-08T09:30:00.000Z",
    status: "CONFIRMED",
    hosts: [{ name: "Ada", username: "ada", timeZone: "Europe/Berlin" }],
    eventType: {
      kind: "ONE_ON_ONE",
      title: "Intro",
      slug: "intro",
      description: "",
      lockTimeZone: false,
      path: "/ada/intro",
    },
    series: null,
    inviteeChanges: { rescheduleUntil: "2027-03-07T09:00:00.000Z" },
    ...fields,
  } as EventViewResponse;
}

const weekly = eventView({
  series: {
    id: "55555555-5555-4555-8555-555555555555",
    occurrences: [
      {
        uuid: PAST,
        start: "2027-02-22T09:00:00.000Z",
        end: "2027-02-22T09:30:00.000Z",
        status: "CONFIRMED",
      },
      {
        uuid: LINK,
        start: "2027-03-08T09:00:00.000Z",
        end: "2027-03-08T09:30:00.000Z",
        status: "CONFIRMED",
      },
      {
        uuid: NEXT,
        start: "2027-03-15T09:00:00.000Z",
        end: "2027-03-15T09:30:00.000Z",
        status: "CANCELLED",
      },
      {
        uuid: LATER,
        start: "2027-03-22T09:00:00.000Z",
        end: "2027-03-22T09:30:00.000Z",
        status: "CONFIRMED",
      },
    ],
  },
});

describe("the reschedule routes", () => {
  it("name who reschedules, an attendee for any other route", () => {
    expect(modeOfRoute("rescheduleByAttendee")).toBe("attendee");
    expect(modeOfRoute("legacyRescheduleHost")).toBe("host");
    expect(modeOfRoute("rescheduleForAll")).toBe("forAll");
    expect(modeOfRoute("legacyRescheduleRoundRobin")).toBe("roundRobin");
    expect(modeOfRoute("somethingElse")).toBe("attendee");
  });

  it("read the page by mode; a host's reads the event alone", () => {
    expect(reschedulePagePath("attendee", LINK, "", "t/k n")).toBe(
      `/reschedule/events/${LINK}?token=t%2Fk+n`,
    );
    expect(reschedulePagePath("attendee", LINK, "", null)).toBe(`/reschedule/events/${LINK}`);
    expect(reschedulePagePath("forAll", LINK, "", null)).toBe(`/reschedule/event/${LINK}/group`);
    expect(reschedulePagePath("roundRobin", LINK, "a b@x.org", null)).toBe(
      `/reschedule/event/${LINK}/byHost/a%20b%40x.org`,
    );
    expect(reschedulePagePath("host", LINK, "", "ignored")).toBeNull();
  });

  it("take the new times from the attendee's booking, the event, or one host's event", () => {
    expect(timetableReferenceOf("attendee", LINK, "")).toEqual({
      path: "/timetable-by-event",
      params: { attendeeUuid: LINK },
    });
    expect(timetableReferenceOf("host", LINK, "")).toEqual({
      path: "/timetable-by-event",
      params: { eventUuid: LINK },
    });
    expect(timetableReferenceOf("roundRobin", LINK, "ada").params).toEqual({
      eventUuid: LINK,
      host_slug: "ada",
    });
    expect(timetableReferenceOf("roundRobin", LINK, "ada@example.com").params).toEqual({
      eventUuid: LINK,
      host_email: "ada@example.com",
    });
  });
});

describe("eventTypeOfView", () => {
  it("summarises an event whose type was not read: its length and its first host", () => {
    const type = eventTypeOfView(eventView({ end: "2027-03-08T10:15:00.000Z" }));
    expect(type).toMatchObject({
      title: "Intro",
      duration: 75,
      durations: [75],
      timeZone: "Europe/Berlin",
      owner: { kind: "user", name: "Ada", slug: "ada" },
      team: null,
    });
  });
});

describe("movedMeeting", () => {
  it("moves the link's meeting outside a series", () => {
    const moved = movedMeeting("attendee", eventView({}), undefined, NOW);
    expect(moved).toEqual({
      upcoming: [],
      chosen: undefined,
      otherUuid: null,
      until: "2027-03-07T09:00:00.000Z",
    });
  });

  it("offers a series' meetings to come that are not cancelled, the link's first", () => {
    const moved = movedMeeting("attendee", weekly, undefined, NOW);
    expect(moved.upcoming.map((o) => o.uuid)).toEqual([LINK, LATER]);
    expect(moved.chosen?.uuid).toBe(LINK);
    expect(moved.otherUuid).toBeNull();
  });

  it("moves the limit by as much as the meeting picked lies after the link's", () => {
    const moved = movedMeeting("attendee", weekly, LATER, NOW);
    expect(moved.otherUuid).toBe(LATER);
    expect(moved.until).toBe("2027-03-21T09:00:00.000Z");
  });

  it("ignores a pick that is not to come, and series for a host", () => {
    expect(movedMeeting("attendee", weekly, PAST, NOW).chosen?.uuid).toBe(LINK);
    expect(movedMeeting("host", weekly, LATER, NOW).upcoming).toEqual([]);
    // Once the link's meeting is past, the first to come.
    const after = Date.parse("2027-03-10T00:00:00Z");
    expect(movedMeeting("attendee", weekly, undefined, after).chosen?.uuid).toBe(LATER);
  });
});

describe("rescheduleRequest", () => {
  const base = {
    uuid: "attendee-uuid",
    eventUuid: LINK,
    token: null,
    otherUuid: null,
    start: "2027-03-09T10:00:00.000Z",
    timeZone: "Europe/Berlin",
    reason: "  Later suits me.  ",
  };

  it("names the attendee, their secret and another series meeting", () => {
    expect(
      rescheduleRequest({ ...base, mode: "attendee", token: "secret", otherUuid: LATER }),
    ).toEqual({
      attendeeUuid: "attendee-uuid",
      token: "secret",
      occurrence: LATER,
      start: "2027-03-09T10:00:00.000Z",
      timezone: "Europe/Berlin",
      reason: "Later suits me.",
    });
    expect(rescheduleRequest({ ...base, mode: "attendee" })).toEqual({
      attendeeUuid: "attendee-uuid",
      start: "2027-03-09T10:00:00.000Z",
      timezone: "Europe/Berlin",
      reason: "Later suits me.",
    });
  });

  it("names the event for a host, and every attendee for a group", () => {
    expect(rescheduleRequest({ ...base, mode: "host" })).toMatchObject({ eventUuid: LINK });
    expect(rescheduleRequest({ ...base, mode: "host" })).not.toHaveProperty("forAll");
    expect(rescheduleRequest({ ...base, mode: "forAll" })).toMatchObject({
      eventUuid: LINK,
      forAll: true,
    });
  });
});
