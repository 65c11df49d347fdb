import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { calendarWrites, eventHosts } from "../../db/schema";
import {
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { googleTestApp } from "../testing/googleTestApp";
import { rescheduleByMail, storedLocation, writeDue } from "../testing/meetingLinkSteps";
import { googleEventId } from "./googleSource";

// A meeting of several hosts has one Meet, made with the calendar event of the host whose write
// came first; the other hosts' events carry its link. When a move changes the other hosts, the
// Meet stays with the host who made it, and so does its link: invitees are not sent a new one.
// When the move takes that host away, their event goes with its Meet and a new one is made.
// Each host writes into their own calendar of the Google double.

const NAMES = ["Ada", "Bo", "Cy", "Dee"];
const { google, t, connectGoogle, writeContext } = await googleTestApp(
  NAMES.map((name, i) => ({
    id: `${name.toLowerCase()}@example.com`,
    summary: name,
    timeZone: "Europe/Berlin",
    accessRole: "owner" as const,
    ...(i === 0 ? { primary: true } : {}),
  })),
);

const MEET = [{ type: "GOOGLE_MEET_CONNECTED", options: {} }];
const MEET_LINK = /^https:\/\/meet\.google\.com\//;

/** Connects Google for `host`, their own calendar (`name`) the only busy one and written into. */
async function connectOwnCalendar(host: Host, name: string) {
  const connection = await connectGoogle(host);
  const own = connection.calendars.find((c) => c.name === name)!;
  const chosen = await t.request({
    method: "PATCH",
    url: `/api/calendar-connections/${connection.id}`,
    headers: host.headers,
    payload: {
      calendars: connection.calendars.map((c) => ({ id: c.id, busy: c.id === own.id })),
      writeCalendarId: own.id,
    },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
}

async function hostsOf(eventId: string) {
  const rows = await t.database.db
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(eq(eventHosts.eventId, eventId));
  return rows.map((row) => row.userId).sort();
}

async function linkMakers(eventId: string) {
  const rows = await t.database.db
    .select({ userId: calendarWrites.userId, carriesLink: calendarWrites.carriesLink })
    .from(calendarWrites)
    .where(eq(calendarWrites.eventId, eventId));
  return rows.filter((row) => row.carriesLink).map((row) => row.userId);
}

describe("a Meet of a meeting with several hosts, when a move changes its hosts", async () => {
  const hosts: Host[] = [];
  for (const name of NAMES) hosts.push(await signUpHost(t, { name: `${name} Host` }));
  for (const [i, host] of hosts.entries()) await connectOwnCalendar(host, NAMES[i]!);
  const [ada, bo, cy, dee] = hosts as [Host, Host, Host, Host];
  const calendarOf = (userId: string) =>
    `${NAMES[hosts.findIndex((h) => h.id === userId)]!.toLowerCase()}@example.com`;
  // One of Ada and Dee, and one of Bo and Cy: whoever leaves has a stand-in.
  const partnerOf = (userId: string) =>
    ({ [ada.id]: dee, [dee.id]: ada, [bo.id]: cy, [cy.id]: bo })[userId]!;
  const byId = (userId: string) => hosts.find((h) => h.id === userId)!;
  const type = await teamEventType(t, "FLEXI", hosts, {
    title: "Panel",
    locations: MEET,
    hosts: [],
    hostGroups: [
      { mode: "ANY", userIds: [ada.id, dee.id] },
      { mode: "ANY", userIds: [bo.id, cy.id] },
    ],
  });
  const booked = await bookOk(
    t,
    bookingBody(
      { sharedLink: type.sharedLink },
      {
        start: berlinSlot(1, "09:00"),
        email: "grace@example.com",
        location: { type: "GOOGLE_MEET_CONNECTED" },
      },
    ),
  );
  const eventId = booked.event.uuid;
  const written = (userId: string) =>
    google.events.get(`${calendarOf(userId)}/${googleEventId(eventId)}`);

  /** `host` is busy at `at` with a meeting of their own, so a move there gives theirs away. */
  async function busyAt(host: Host, at: string, email: string) {
    const own = await createEventType(t, host, { title: `Own ${email}` });
    await bookOk(t, bookingBody(userLink(host, own), { start: at, email }));
  }

  let link = "";
  let maker = "";

  it("is made once, with the first host's event; the other's carries its link", async () => {
    await writeDue(t, writeContext());
    const [first, second] = await hostsOf(eventId);
    const withMeet = [first!, second!].filter((id) => written(id)?.conferenceData);
    expect(withMeet).toHaveLength(1);
    maker = withMeet[0]!;
    link = written(maker)!.hangoutLink!;
    expect(link).toMatch(MEET_LINK);
    expect(await storedLocation(t, eventId)).toEqual({
      type: "GOOGLE_MEET_CONNECTED",
      value: link,
    });
    const other = maker === first ? second! : first!;
    expect(written(other)).toMatchObject({ location: link });
    expect(await linkMakers(eventId)).toEqual([maker]);
  });

  it("stays, link and all, when a move replaces the other host", async () => {
    const conference = written(maker)!.conferenceData;
    const leaving = (await hostsOf(eventId)).find((id) => id !== maker)!;
    const joining = partnerOf(leaving);
    const at = berlinSlot(2, "10:00");
    await busyAt(byId(leaving), at, "busy-1@example.com");
    await rescheduleByMail(t, "grace@example.com", booked.attendee.uuid, at);
    expect(await hostsOf(eventId)).toEqual([maker, joining.id].sort());
    await drainChanges(t);
    // The move's mails tell of the link the invitee has, not of one to come.
    expect(await storedLocation(t, eventId)).toEqual({
      type: "GOOGLE_MEET_CONNECTED",
      value: link,
    });
    const mails = await bookingMailsTo(t, "grace@example.com");
    expect(mails.at(-1)).toMatchObject({
      template: "bookingRescheduled",
      data: { location: { type: "GOOGLE_MEET_CONNECTED", value: link } },
    });

    await writeDue(t, writeContext());
    expect(written(maker)).toMatchObject({
      hangoutLink: link,
      conferenceData: conference,
      start: { dateTime: at },
    });
    expect(written(leaving)?.status).toBe("cancelled");
    expect(written(joining.id)).toMatchObject({ location: link, start: { dateTime: at } });
    expect(written(joining.id)!.conferenceData).toBeUndefined();
    expect(await storedLocation(t, eventId)).toEqual({
      type: "GOOGLE_MEET_CONNECTED",
      value: link,
    });
    expect(await linkMakers(eventId)).toEqual([maker]);
  });

  it("is made anew when a move takes away the host who made it, their event and Meet removed", async () => {
    const staying = (await hostsOf(eventId)).find((id) => id !== maker)!;
    const joining = partnerOf(maker);
    const at = berlinSlot(3, "11:00");
    await busyAt(byId(maker), at, "busy-2@example.com");
    await rescheduleByMail(t, "grace@example.com", booked.attendee.uuid, at);
    expect(await hostsOf(eventId)).toEqual([staying, joining.id].sort());
    await drainChanges(t);
    expect(await storedLocation(t, eventId)).toEqual({ type: "GOOGLE_MEET_CONNECTED" });

    await writeDue(t, writeContext());
    expect(written(maker)?.status).toBe("cancelled");
    const withMeet = [staying, joining.id].filter((id) => written(id)?.conferenceData);
    expect(withMeet).toHaveLength(1);
    const remade = written(withMeet[0]!)!.hangoutLink!;
    expect(remade).toMatch(MEET_LINK);
    expect(remade).not.toBe(link);
    expect(await storedLocation(t, eventId)).toEqual({
      type: "GOOGLE_MEET_CONNECTED",
      value: remade,
    });
    expect(await linkMakers(eventId)).toEqual([withMeet[0]]);
  });
});
