import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { events } from "../../db/schema";
import {
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, eventTypeBody, signUpHost } from "../../test/factories";
import { openWorkSignal } from "../../workers/workSignal";
import { writeDueCalendarEvents } from "../calendarEventWriter";
import { LINK_WAIT_MS } from "../connectedLocations";
import { googleTestApp } from "../testing/googleTestApp";
import { cancelByMail, mailWorker, rescheduleByMail } from "../testing/meetingLinkSteps";
import { googleEventId } from "./googleSource";

const { google, t, setNow, now, connectGoogle, writeContext } = await googleTestApp();

const MEET = [{ type: "GOOGLE_MEET_CONNECTED", options: {} }];
const MEET_LINK = /^https:\/\/meet\.google\.com\/[a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{5}$/;

describe("the Google Meet location is offered only with a Google calendar to write into", () => {
  it("refuses it (422, on locations) without one, accepts it with one", async () => {
    const host = await signUpHost(t);
    const refused = await t.request({
      method: "POST",
      url: "/api/event-types",
      headers: host.headers,
      payload: eventTypeBody({ locations: MEET }),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.body).toContain("locations");
    expect(refused.body).toContain("Google");
    await connectGoogle(host);
    const type = await createEventType(t, host, { locations: MEET });
    expect(type.locations).toEqual([{ type: "GOOGLE_MEET_CONNECTED", options: {} }]);
  });
});

describe("a booking with Google Meet", async () => {
  const host = await signUpHost(t, { name: "Ada Host" });
  await connectGoogle(host);
  const type = await createEventType(t, host, { title: "Meet call", locations: MEET });
  const booked = await bookOk(
    t,
    bookingBody(userLink(host, type), {
      name: "Grace Invitee",
      email: "grace@example.com",
      location: { type: "GOOGLE_MEET_CONNECTED" },
    }),
  );
  const googleKey = `ada@example.com/${googleEventId(booked.event.uuid)}`;
  let link = "";

  it("holds the confirmation mails while the meeting is being made", async () => {
    const { inbox, worker } = await mailWorker(t);
    expect(await worker.drain()).toBe(0);
    expect(inbox.received).toEqual([]);
  });

  it("creates the Meet through conferenceData when written, once, and keeps its link", async () => {
    google.failNext(1, 503);
    await writeDueCalendarEvents(writeContext());
    const written = google.events.get(googleKey);
    expect(written?.conferenceData?.conferenceSolution.key.type).toBe("hangoutsMeet");
    expect(written?.hangoutLink).toMatch(MEET_LINK);
    expect(written?.location).toBeUndefined();
    link = written!.hangoutLink!;
    const [row] = await t.database.db
      .select({ location: events.location })
      .from(events)
      .where(eq(events.id, booked.event.uuid));
    expect(row!.location).toEqual({ type: "GOOGLE_MEET_CONNECTED", value: link });
  });

  it("shows the link on the confirmation page's data, in the mails and their ICS", async () => {
    const view = await t.request({ method: "GET", url: `/api/event/uuid/${booked.event.uuid}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).toContain(link);
    const { inbox, worker } = await mailWorker(t);
    expect(await worker.drain()).toBeGreaterThanOrEqual(2);
    const toGrace = inbox.received.find((raw) => /^To: .*grace@example\.com/im.test(raw));
    expect(toGrace).toBeDefined();
    const unfolded = toGrace!.replace(/=\r?\n/g, "").replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain(link);
    expect(unfolded).toMatch(/LOCATION:https:\/\/meet\.google\.com/);
  });

  it("keeps the same Meet when the booking moves", async () => {
    await rescheduleByMail(t, "grace@example.com", booked.attendee.uuid, berlinSlot(2, "10:00"));
    await writeDueCalendarEvents(writeContext());
    const written = google.events.get(googleKey);
    expect(written?.start.dateTime).toBe(berlinSlot(2, "10:00"));
    expect(written?.hangoutLink).toBe(link);
    const mails = await bookingMailsTo(t, "grace@example.com");
    expect(mails.at(-1)!.data.location).toEqual({ type: "GOOGLE_MEET_CONNECTED", value: link });
  });

  it("removes the event, and its Meet with it, when the booking is cancelled", async () => {
    await cancelByMail(t, "grace@example.com", booked.attendee.uuid);
    await writeDueCalendarEvents(writeContext());
    expect(google.events.get(googleKey)?.status).toBe("cancelled");
  });

  it("sends a mail without the link when it cannot be made within a while", async () => {
    const { inbox, worker } = await mailWorker(t);
    await worker.drain();
    inbox.received.length = 0;
    const other = await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(3, "09:00"),
        email: "lin@example.com",
        location: { type: "GOOGLE_MEET_CONNECTED" },
      }),
    );
    expect(other.event.uuid).toBeDefined();
    expect(await worker.drain()).toBe(0);
    setNow(new Date(now().getTime() + LINK_WAIT_MS + 1000));
    expect(await worker.drain()).toBeGreaterThanOrEqual(2);
    expect(inbox.received.some((raw) => /^To: .*lin@example\.com/im.test(raw))).toBe(true);
  });
});

describe("a mail waiting for its meeting's Meet link", async () => {
  const host = await signUpHost(t, { name: "Meg Host" });
  await connectGoogle(host);
  const type = await createEventType(t, host, { title: "Meet call", locations: MEET });

  it("goes out as soon as the link is stored, the mail worker woken by it", async () => {
    const signal = await openWorkSignal(t.database);
    onTestFinished(() => signal.close());
    const { inbox, worker } = await mailWorker(t, signal);
    await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(4, "11:00"),
        email: "meg-invitee@example.com",
        location: { type: "GOOGLE_MEET_CONNECTED" },
      }),
    );
    expect(await worker.drain()).toBe(0);
    await writeDueCalendarEvents(writeContext());
    const toInvitee = () =>
      inbox.received.find((raw) => /^To: .*meg-invitee@example\.com/im.test(raw));
    // Waits for the mail, not for a poll: the worker's next poll is an hour away.
    await vi.waitFor(
      () => expect(toInvitee(), "the mail was not woken by its link").toBeDefined(),
      {
        timeout: 20_000,
        interval: 25,
      },
    );
    expect(toInvitee()!.replace(/=\r?\n/g, "")).toMatch(/meet\.google\.com\/[a-z0-9-]+/);
  });
});
