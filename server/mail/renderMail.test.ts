import { describe, expect, it } from "vitest";
import type { BookingMailData, BookingMailPayload } from "./mailTypes";
import { renderMail } from "./renderMail";

const data: BookingMailData = {
  role: "invitee",
  uid: "e1@slotted",
  sequence: 2,
  stamp: "2027-01-01T10:00:00.000Z",
  title: "Intro <call>",
  start: "2027-01-04T08:00:00.000Z",
  end: "2027-01-04T08:30:00.000Z",
  formerStart: "2027-01-03T08:00:00.000Z",
  formerEnd: "2027-01-03T08:30:00.000Z",
  timeZone: "America/New_York",
  timeFormat: 12,
  location: { type: "ZOOM", value: "https://zoom.example.com/j/1?a=1&b=2" },
  organizer: { email: "host@example.com", name: "Ada Host" },
  hostNames: ["Ada Host"],
  invitee: {
    name: `<img src=x onerror="alert(1)">`,
    email: "grace@example.com",
    phone: null,
    guests: ["guest@example.com"],
  },
  answers: [],
  reason: "Because <b>reasons</b> & more",
  cancelUrl: "https://slotted.example.com/cancel/a1/tok",
  rescheduleUrl: "https://slotted.example.com/reschedule/by-attendee/a1?token=tok",
  seatOnly: false,
};

const payload = (
  template: BookingMailPayload["template"],
  overrides: Partial<BookingMailData> = {},
) =>
  ({
    template,
    to: { email: "grace@example.com" },
    language: "en",
    data: { ...data, ...overrides },
  }) as const;

describe("renderMail", () => {
  it("escapes every user text in the HTML, keeps it readable in the text", () => {
    const mail = renderMail(payload("bookingRescheduled"));
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>reasons");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain("Intro &lt;call&gt;");
    expect(mail.html).toContain('href="https://zoom.example.com/j/1?a=1&amp;b=2"');
    expect(mail.text).toContain("Reason: Because <b>reasons</b> & more");
    expect(mail.subject).toBe("Rescheduled: Intro <call>");
  });

  it("shows times in the recipient's zone and clock, with the former time", () => {
    const mail = renderMail(payload("bookingRescheduled"));
    // Intl puts thin and narrow no-break spaces around the dash and before AM.
    mail.text = mail.text.replace(/[\u2009\u202f]/g, " ");
    expect(mail.text).toContain("When: Monday, January 4, 2027, 3:00 – 3:30 AM (America/New_York)");
    expect(mail.text).toContain("Former time: Sunday, January 3, 2027, 3:00 – 3:30 AM");
    expect(mail.text).toContain("Join link: https://zoom.example.com/j/1?a=1&b=2");
    expect(mail.text).toContain(`Cancel: ${data.cancelUrl}`);
  });

  it("attaches a METHOD:REQUEST invite in UTC with the stable UID and the sequence", () => {
    const { ics } = renderMail(payload("bookingConfirmed", { sequence: 0 }));
    expect(ics?.method).toBe("REQUEST");
    const text = ics!.content;
    expect(text).toContain("METHOD:REQUEST");
    expect(text).toContain("UID:e1@slotted");
    expect(text).toContain("SEQUENCE:0");
    expect(text).toContain("DTSTART:20270104T080000Z");
    expect(text).toContain("DTEND:20270104T083000Z");
    expect(text).toContain('ORGANIZER;CN="Ada Host":mailto:host@example.com');
    expect(text).toContain("guest@example.com");
  });

  it("cancels with METHOD:CANCEL and no manage links", () => {
    const mail = renderMail(payload("bookingCancelled", { cancelUrl: null, rescheduleUrl: null }));
    expect(mail.ics?.method).toBe("CANCEL");
    expect(mail.ics!.content).toContain("METHOD:CANCEL");
    expect(mail.ics!.content).toContain("STATUS:CANCELLED");
    expect(mail.text).not.toContain("Cancel:");
  });

  it("does not hand out the join link of a cancelled meeting, in the mail or its calendar file", () => {
    const confirmed = renderMail(payload("bookingConfirmed"));
    expect(confirmed.text).toContain("zoom.example.com");
    const mail = renderMail(payload("bookingCancelled", { cancelUrl: null, rescheduleUrl: null }));
    expect(mail.text).not.toContain("zoom.example.com");
    expect(mail.html).not.toContain("zoom.example.com");
    expect(mail.ics!.content).not.toContain("zoom.example.com");
    expect(mail.text).toContain("Where: Zoom");
  });

  it("carries the event type's description and the manage links in the invite", () => {
    const mail = renderMail(payload("bookingConfirmed", { description: "Bring photos." }));
    const unfolded = mail.ics!.content.replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "DESCRIPTION:Bring photos.\\n\\nReschedule: https://slotted.example.com/reschedule/by-attendee/a1?token=tok",
    );
  });

  it("keeps a host's calendar entry when only one seat of a group event is cancelled", () => {
    const mail = renderMail({ ...payload("bookingCancelled", { role: "host", seatOnly: true }) });
    expect(mail.ics).toBeNull();
    expect(mail.subject).toContain("Cancelled seat");
  });

  it("cancels the replaced entry when a seat moved to another event", () => {
    const mail = renderMail(
      payload("bookingRescheduled", { replacesUid: "old@slotted", replacesSequence: 3 }),
    );
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.content).toContain("UID:old@slotted");
    expect(mail.attachments[0]!.content).toContain("METHOD:CANCEL");
    expect(mail.attachments[0]!.content).toContain("DTSTART:20270103T080000Z");
  });

  it("renders the verification code mail", () => {
    const mail = renderMail({
      template: "emailCode",
      to: { email: "a@example.com" },
      language: "en",
      data: { code: "012345", minutes: 10, title: "Intro" },
    });
    expect(mail.subject).toBe("012345 is your verification code");
    expect(mail.text).toContain("Enter this code to book Intro:");
    expect(mail.text).toContain("expires in 10 minutes");
    expect(mail.ics).toBeNull();
  });

  it("writes a mail in a language this version does not know in English", () => {
    const mail = renderMail({ ...payload("bookingConfirmed"), language: "xx" });
    expect(mail.subject).toBe("Confirmed: Intro <call>");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });
});
