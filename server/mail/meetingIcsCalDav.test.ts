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
