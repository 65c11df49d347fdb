import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { type MeetingIcsData, meetingIcs } from "./meetingIcs";

const meeting: MeetingIcsData = {
  uid: "e1@slotted",
  sequence: 1,
  stamp: "2027-01-01T10:00:00.000Z",
  title: "Intro call",
  description: "We talk about your garden.\nBring photos.",
  start: "2027-01-04T08:00:00.000Z",
  end: "2027-01-04T08:30:00.000Z",
  location: { type: "ZOOM", value: "https://zoom.example.com/j/1" },
  organizer: { email: "host@example.com", name: "Ada Host" },
  invitee: { name: "Grace Invitee", email: "grace@example.com", guests: ["guest@example.com"] },
  cancelUrl: "https://slotted.example.com/cancel/a1/tok",
  rescheduleUrl: "https://slotted.example.com/reschedule/by-attendee/a1?token=tok",
};

function parsedEvent(ics: string) {
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return new ICAL.Event(vevent);
}

describe("meetingIcs", () => {
  it("describes the meeting with the event type's description and the manage links", () => {
    const event = parsedEvent(meetingIcs(meeting, "en", "REQUEST"));
    expect(event.description).toBe(
      [
        "We talk about your garden.\nBring photos.",
        "Reschedule: https://slotted.example.com/reschedule/by-attendee/a1?token=tok",
        "Cancel: https://slotted.example.com/cancel/a1/tok",
      ].join("\n\n"),
    );
    expect(event.location).toBe("https://zoom.example.com/j/1");
    expect(event.organizer.toLowerCase()).toBe("mailto:host@example.com");
    expect(event.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual([
      "mailto:grace@example.com",
      "mailto:guest@example.com",
    ]);
  });

  it("says the manage links in the reader's language", () => {
    const event = parsedEvent(meetingIcs(meeting, "de", "REQUEST"));
    expect(event.description).toContain("Absagen: https://slotted.example.com/cancel/a1/tok");
  });

  it("leaves out what it is not given: no description, no links, no attendees", () => {
    const event = parsedEvent(
      meetingIcs(
        { ...meeting, description: "  ", invitee: null, cancelUrl: null, rescheduleUrl: null },
        "en",
        "PUBLISH",
      ),
    );
    expect(event.description).toBe("");
    expect(event.attendees).toEqual([]);
  });

  it("drops the join link from a cancelled meeting but keeps what it was", () => {
    const ics = meetingIcs(meeting, "en", "CANCEL");
    expect(ics).not.toContain("zoom.example.com");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(parsedEvent(ics).location).toBe("Zoom");
  });
});
