import { afterAll, describe, expect, it } from "vitest";
import {
  BOOKING_NOW,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createCalendar, startRadicale } from "../test/radicale";
import { createTestApp } from "../test/testApp";
import { renderMail } from "./renderMail";

const t = await createTestApp();
t.setNow(BOOKING_NOW);
const radicale = await startRadicale();
afterAll(() => radicale.stop());

/** Stores a calendar file in Radicale and reads back what it kept, unfolded. */
async function roundTrip(calendar: string, name: string, ics: string): Promise<string> {
  const href = `${calendar}${name}.ics`;
  const headers = { authorization: radicale.authorization };
  const put = await fetch(href, {
    method: "PUT",
    headers: { ...headers, "content-type": "text/calendar; charset=utf-8" },
    body: ics,
  });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  const stored = await fetch(href, { headers });
  expect(stored.status).toBe(200);
  return (await stored.text()).replace(/\r\n[ \t]/g, "");
}

describe("the calendar files a real CalDAV server (Radicale) takes", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  const type = await createEventType(t, host, {
    title: "Garden consult",
    description: "We walk through your garden.",
    locations: [{ type: "ONLINE", options: { url: "https://meet.example.com/ada" } }],
  });
  const booked = await bookOk(
    t,
    bookingBody(userLink(host, type), { name: "Grace Invitee", email: "grace@example.com" }),
  );
  // One calendar per file: a calendar holds one resource per UID.
  const downloads = await createCalendar(radicale, "downloads");
  const invites = await createCalendar(radicale, "invites");

  it("keeps the download's organiser, attendee, description and manage links", async () => {
    const { attendee } = booked;
    const response = await t.request({
      method: "GET",
      url: `/api/event/uuid/${booked.event.uuid}/ics?attendee=${attendee.uuid}&token=${encodeURIComponent(attendee.token)}`,
    });
    const stored = await roundTrip(downloads, "download", response.body);
    expect(stored).toContain(`UID:${booked.event.uuid}@slotted`);
    expect(stored).toMatch(new RegExp(`^ORGANIZER;CN="?Ada Host"?:mailto:${host.email}$`, "im"));
    expect(stored).toMatch(/^ATTENDEE;.*CN="?Grace Invitee"?.*:mailto:grace@example\.com$/im);
    expect(stored).toMatch(/^DESCRIPTION:We walk through your garden\.\\n\\nReschedule: http/m);
    expect(stored).toContain(`/cancel/${attendee.uuid}/`);
    expect(stored).toContain("LOCATION:https://meet.example.com/ada");
  });

  it("keeps the mailed invite's description and manage links", async () => {
    const [row] = await bookingMailsTo(t, "grace@example.com");
    const mail = renderMail(row!);
    // A calendar app files an invite without its iTIP method (RFC 4791 5.3.2 forbids it there).
    const invite = mail.ics!.content.replace(/^METHOD:.*\r\n/m, "");
    const stored = await roundTrip(invites, "mailed", invite);
    expect(stored).toMatch(/^DESCRIPTION:We walk through your garden\.\\n\\nReschedule: http/m);
    expect(stored).toMatch(/^ATTENDEE;.*:mailto:grace@example\.com$/im);
  });
});

describe("a recurring series' invite in a real CalDAV server (Radicale)", async () => {
  const host = await signUpHost(t, { name: "Rita Host" });
  const type = await createEventType(t, host, {
    title: "Weekly coaching",
    recurrence: { everyWeeks: 1, maxOccurrences: 4 },
    maxDaysAhead: 120,
  });
  // Mondays 09:00 Berlin from 2027-03-15; the clocks go forward on 2027-03-28.
  const booked = (await bookOk(
    t,
    bookingBody(userLink(host, type), {
      start: "2027-03-15T08:00:00.000Z",
      occurrences: 4,
      email: "rita-invitee@example.com",
    }),
  )) as Awaited<ReturnType<typeof bookOk>> & {
    series: { id: string; occurrences: { uuid: string }[] };
  };
  const calendar = await createCalendar(radicale, "series");

  it("expands to the booked instants across the DST change, without the cancelled one", async () => {
    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token: booked.attendee.token, occurrence: booked.series.occurrences[1]!.uuid },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mails = await bookingMailsTo(t, "rita-invitee@example.com");
    const update = renderMail(mails.at(-1)!);
    expect(update.ics!.method).toBe("REQUEST");
    const invite = update.ics!.content.replace(/^METHOD:.*\r\n/m, "");
    const stored = await roundTrip(calendar, "series", invite);
    expect(stored).toContain("RRULE:FREQ=WEEKLY;COUNT=4;INTERVAL=1");

    // The server's own reading of the rule (a time-range query expands it, RFC 4791 9.9) says
    // when the meetings are: 09:00 Berlin is 08:00Z before the change and 07:00Z after it.
    const matches = async (start: string, end: string) => {
      const report = await fetch(calendar, {
        method: "REPORT",
        headers: {
          authorization: radicale.authorization,
          depth: "1",
          "content-type": "application/xml; charset=utf-8",
        },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
    <C:time-range start="${start}" end="${end}"/>
  </C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>`,
      });
      expect(report.status).toBe(207);
      return (await report.text()).includes("series.ics");
    };
    expect(await matches("20270315T075000Z", "20270315T081000Z")).toBe(true);
    expect(await matches("20270329T065000Z", "20270329T071000Z")).toBe(true);
    expect(await matches("20270405T065000Z", "20270405T071000Z")).toBe(true);
    // Not an hour late after the change, not on the cancelled date, not a fifth week.
    expect(await matches("20270329T075000Z", "20270329T081000Z")).toBe(false);
    expect(await matches("20270322T075000Z", "20270322T081000Z")).toBe(false);
    expect(await matches("20270412T065000Z", "20270412T071000Z")).toBe(false);
  });
});
