import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { bookingChanges, eventHosts, zoomMeetings } from "../../db/schema";
import { berlinSlot, bookingBody, bookOk, teamEventType } from "../../test/bookingFactories";
import { type Host, signUpHost } from "../../test/factories";
import {
  cancelByMail,
  mailWorker,
  rescheduleByMail,
  storedLocation,
  writeDue,
} from "../testing/meetingLinkSteps";
import { zoomTestApp } from "../testing/zoomTestApp";

// A round-robin meeting's Zoom meeting belongs to the host who holds it: handed to another host
// (reassigned, or moved to a time its host is busy), the former host's meeting is deleted through
// the former host's grant and a new one is made through the new host's Zoom, as Cal.com and
// Calendly do. Over HTTP against the Zoom double, whose users only reach their own meetings.

const { zoom, t, connectZoom, writeContext } = await zoomTestApp();

const ZOOM = [{ type: "ZOOM_CONNECTED", options: {} }];
const ZOOM_LINK = /^https:\/\/zoom\.us\/j\/\d+\?pwd=/;

async function hostsOf(eventId: string) {
  const rows = await t.database.db
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(eq(eventHosts.eventId, eventId));
  return rows.map((row) => row.userId);
}

/** The meetings in the Zoom of `uid`, by id. */
function meetingsOf(uid: string) {
  return [...zoom.meetings.values()].filter((meeting) => meeting.host_id === uid);
}

/** A mail's text as sent, with quoted-printable and ICS folding undone. */
function unfolded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/\r\n[ \t]/g, "");
}

/** Three hosts of one round-robin type: Ada (Zoom "zoom-ada", first choice), Bo (Zoom "zoom-bo"), Cy (no Zoom). */
async function roundRobinWithZoom() {
  const ada = await signUpHost(t, { name: "Ada Host" });
  const bo = await signUpHost(t, { name: "Bo Host" });
  const cy = await signUpHost(t, { name: "Cy Host" });
  zoom.signInAs("zoom-ada");
  await connectZoom(ada);
  zoom.signInAs("zoom-bo");
  await connectZoom(bo);
  const type = await teamEventType(t, "ROUND_ROBIN", [ada, bo, cy], {
    title: "Handover call",
    locations: ZOOM,
    hosts: [
      { userId: ada.id, priority: 2 },
      { userId: bo.id, priority: 1 },
      { userId: cy.id, priority: 0 },
    ],
  });
  return { ada, bo, cy, type };
}

function book(type: { sharedLink: string }, start: string, email: string) {
  return bookOk(
    t,
    bookingBody(
      { sharedLink: type.sharedLink },
      { start, email, name: "Grace Invitee", location: { type: "ZOOM_CONNECTED" } },
    ),
  );
}

function reassign(by: Host, eventUuid: string, to: Host, language = "en") {
  return t.request({
    method: "POST",
    url: `/api/reschedule/round-robin/${eventUuid}`,
    headers: { ...by.headers, "accept-language": language },
    payload: { hostId: to.id },
  });
}

describe("a round-robin Zoom meeting handed to another host", async () => {
  const { ada, bo, cy, type } = await roundRobinWithZoom();
  const booked = await book(type, berlinSlot(1, "09:00"), "grace@example.com");
  const eventId = booked.event.uuid;
  let adaMeeting = 0;
  let boLink = "";

  it("is made through the holder's Zoom at booking time", async () => {
    expect(await hostsOf(eventId)).toEqual([ada.id]);
    await writeDue(t, writeContext());
    const made = meetingsOf("zoom-ada");
    expect(made).toHaveLength(1);
    adaMeeting = made[0]!.id;
    expect(await storedLocation(t, eventId)).toEqual({
      type: "ZOOM_CONNECTED",
      value: made[0]!.join_url,
    });
    const { worker } = await mailWorker(t);
    expect(await worker.drain()).toBeGreaterThanOrEqual(2);
  });

  it("is refused (422, in the host's language) for a host without Zoom, nothing changed", async () => {
    const refused = await reassign(ada, eventId, cy, "de");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { hostId: [expect.stringContaining("Zoom nicht verbunden")] },
    });
    expect(await hostsOf(eventId)).toEqual([ada.id]);
    const changes = await t.database.db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.eventId, eventId), eq(bookingChanges.kind, "reassigned")));
    expect(changes).toEqual([]);
    expect((await storedLocation(t, eventId))?.value).toMatch(ZOOM_LINK);
  });

  it("deletes the former host's meeting through their grant and makes one through the new host's Zoom; the mails wait for it and carry it", async () => {
    const adaLink = meetingsOf("zoom-ada")[0]!.join_url;
    const handed = await reassign(ada, eventId, bo);
    expect(handed.statusCode, handed.body).toBe(200);
    await drainChanges(t);
    // The former link is gone from the meeting: the mails of who keeps it wait for the new one
    // (the former host's cancellation, of the meeting they had, goes).
    expect(await storedLocation(t, eventId)).toEqual({ type: "ZOOM_CONNECTED" });
    const { inbox, worker } = await mailWorker(t);
    await worker.drain();
    const to = (raw: string) => /^To: (.*)$/im.exec(raw)?.[1] ?? "";
    expect(inbox.received.map(to)).toEqual([expect.stringContaining(ada.email)]);
    inbox.received.length = 0;

    await writeDue(t, writeContext());
    expect(zoom.userRequests).toContain(`zoom-ada DELETE /meetings/${adaMeeting}`);
    expect(meetingsOf("zoom-ada")).toEqual([]);
    const made = meetingsOf("zoom-bo");
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      start_time: `${berlinSlot(1, "09:00").slice(0, 19)}Z`,
      agenda: expect.stringContaining(eventId),
    });
    boLink = made[0]!.join_url;
    expect(boLink).toMatch(ZOOM_LINK);
    expect(await storedLocation(t, eventId)).toEqual({ type: "ZOOM_CONNECTED", value: boLink });
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${eventId}` });
    expect(view.body).toContain(boLink);

    // The link's arrival let the held mails go: the invitee's and the new host's carry it.
    expect(await worker.drain()).toBeGreaterThanOrEqual(2);
    for (const to of ["grace@example.com", bo.email]) {
      const mail = inbox.received.find((raw) =>
        new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "im").test(raw),
      );
      expect(mail, to).toBeDefined();
      expect(unfolded(mail!)).toContain(boLink);
      expect(unfolded(mail!)).not.toContain(adaLink);
    }
    // Run again, nothing more happens at Zoom.
    const calls = zoom.requests.length;
    await writeDue(t, writeContext());
    expect(zoom.requests.length).toBe(calls);
  });

  it("moves with a reschedule that changes the host: the new holder's Zoom makes it", async () => {
    // At the new time Bo is busy and Ada free: the move gives the meeting to Ada.
    const at = berlinSlot(2, "11:00");
    const ours = await book(type, at, "other@example.com");
    expect(await hostsOf(ours.event.uuid)).toEqual([ada.id]);
    const bos = await book(type, at, "third@example.com");
    expect(await hostsOf(bos.event.uuid)).toEqual([bo.id]);
    await cancelByMail(t, "other@example.com", ours.attendee.uuid);
    await writeDue(t, writeContext());
    const boMeeting = meetingsOf("zoom-bo").find((m) => m.agenda.includes(eventId))!;

    await rescheduleByMail(t, "grace@example.com", booked.attendee.uuid, at);
    expect(await hostsOf(eventId)).toEqual([ada.id]);
    await writeDue(t, writeContext());
    expect(zoom.userRequests).toContain(`zoom-bo DELETE /meetings/${boMeeting.id}`);
    expect(meetingsOf("zoom-bo").some((m) => m.agenda.includes(eventId))).toBe(false);
    const made = meetingsOf("zoom-ada").filter((m) => m.agenda.includes(eventId));
    expect(made).toHaveLength(1);
    expect(made[0]!.start_time).toBe(`${at.slice(0, 19)}Z`);
    expect(await storedLocation(t, eventId)).toEqual({
      type: "ZOOM_CONNECTED",
      value: made[0]!.join_url,
    });
    const [row] = await t.database.db
      .select()
      .from(zoomMeetings)
      .where(eq(zoomMeetings.eventId, eventId));
    expect(row).toMatchObject({ meetingId: String(made[0]!.id), deletedAt: null });
  });
});
