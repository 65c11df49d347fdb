import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { outbox, zoomMeetings } from "../../db/schema";
import { berlinSlot, bookingBody, bookOk, userLink } from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import {
  cancelByMail,
  mailWorker,
  rescheduleByMail,
  storedLocation,
  writeDue,
} from "../testing/meetingLinkSteps";
import { zoomTestApp } from "../testing/zoomTestApp";

// A Zoom meeting the host deleted in Zoom themselves: Zoom answers 404 when the booking moves
// and its meeting is patched. A new meeting is made at the new time, its link replaces the
// former on the booking, and the mails about the move wait for it and carry it. A 404 when
// the booking is cancelled means the meeting is gone already: done.

const { zoom, t, connectZoom, writeContext } = await zoomTestApp();

const ZOOM_LINK = /^https:\/\/zoom\.us\/j\/\d+\?pwd=/;

/** A mail's text as sent, with quoted-printable and ICS folding undone. */
function unfolded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/\r\n[ \t]/g, "");
}

const to = (email: string) => (raw: string) =>
  new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im").test(raw);

describe("a Zoom meeting deleted in Zoom by its host", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  await connectZoom(host);
  const type = await createEventType(t, host, {
    title: "Deleted in Zoom",
    locations: [{ type: "ZOOM_CONNECTED", options: {} }],
  });
  const booked = await bookOk(
    t,
    bookingBody(userLink(host, type), {
      start: berlinSlot(1, "09:00"),
      email: "grace@example.com",
      name: "Grace Invitee",
      location: { type: "ZOOM_CONNECTED" },
    }),
  );
  const eventId = booked.event.uuid;
  let former = "";
  let formerId = 0;

  it("is made again when the booking moves, its new link stored and carried by the move's mails", async () => {
    await writeDue(t, writeContext());
    const [made] = [...zoom.meetings.values()].filter((m) => m.agenda.includes(eventId));
    former = made!.join_url;
    formerId = made!.id;
    const { inbox, worker } = await mailWorker(t);
    await worker.drain();
    expect(inbox.received.some(to("grace@example.com"))).toBe(true);
    inbox.received.length = 0;

    zoom.deleteAsHost(formerId);
    const at = berlinSlot(2, "10:00");
    await rescheduleByMail(t, "grace@example.com", booked.attendee.uuid, at);
    await drainChanges(t);
    // Until Zoom holds the meeting at its new time, the move's mails wait: Zoom may need a new one.
    await worker.drain();
    expect(inbox.received.filter(to("grace@example.com"))).toEqual([]);

    await writeDue(t, writeContext());
    expect(zoom.requests).toContain(`PATCH /v2/meetings/${formerId}`);
    const remade = [...zoom.meetings.values()].filter((m) => m.agenda.includes(eventId));
    expect(remade).toHaveLength(1);
    expect(remade[0]!.start_time).toBe(`${at.slice(0, 19)}Z`);
    const link = remade[0]!.join_url;
    expect(link).toMatch(ZOOM_LINK);
    expect(link).not.toBe(former);
    expect(await storedLocation(t, eventId)).toEqual({ type: "ZOOM_CONNECTED", value: link });
    const [row] = await t.database.db
      .select()
      .from(zoomMeetings)
      .where(eq(zoomMeetings.eventId, eventId));
    expect(row).toMatchObject({ meetingId: String(remade[0]!.id), joinUrl: link, deletedAt: null });
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${eventId}` });
    expect(view.body).toContain(link);

    await worker.drain();
    for (const email of ["grace@example.com", host.email]) {
      const mails = inbox.received.filter(to(email));
      expect(mails, email).not.toEqual([]);
      for (const mail of mails) {
        expect(unfolded(mail)).toContain(link);
        expect(unfolded(mail)).not.toContain(former);
      }
    }
    const invitation = inbox.received.find(
      (raw) => to("grace@example.com")(raw) && raw.includes("text/calendar"),
    );
    expect(unfolded(invitation!)).toContain(`LOCATION:${link}`);
    // Run again, nothing more happens at Zoom.
    const calls = zoom.requests.length;
    await writeDue(t, writeContext());
    expect(zoom.requests.length).toBe(calls);
  });

  it("counts a 404 when the booking is cancelled as deleted already", async () => {
    const [current] = [...zoom.meetings.values()].filter((m) => m.agenda.includes(eventId));
    zoom.deleteAsHost(current!.id);
    await cancelByMail(t, "grace@example.com", booked.attendee.uuid);
    await writeDue(t, writeContext());
    expect(zoom.requests).toContain(`DELETE /v2/meetings/${current!.id}`);
    const [row] = await t.database.db
      .select()
      .from(zoomMeetings)
      .where(eq(zoomMeetings.eventId, eventId));
    expect(row!.deletedAt).not.toBeNull();
    const pending = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.kind, "calendar"), eq(outbox.status, "pending")));
    expect(pending).toEqual([]);
    expect([...zoom.meetings.values()].filter((m) => m.agenda.includes(eventId))).toEqual([]);
  });
});
