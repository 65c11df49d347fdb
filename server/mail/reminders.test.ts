import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, outbox } from "../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  scheduledOutboxMails,
  userLink,
} from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { renderMail } from "./renderMail";
import { twoWorkers } from "./testing/outboxWorkers";
import { smtpInbox } from "./testing/smtpInbox";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const HOUR = 3_600_000;
const at = (iso: string, offsetMs: number) => new Date(Date.parse(iso) + offsetMs);

const subjectOf = (raw: string) => /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";
const recipientOf = (raw: string) => /^To: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";

async function reminderType(host: Host, overrides: Record<string, unknown> = {}) {
  return createEventType(t, host, {
    reminders: [
      { minutesBefore: 24 * 60, to: "invitee" },
      { minutesBefore: 60, to: "invitee_and_host" },
    ],
    reminderText: "Bring the <b>contract</b>.",
    followUp: { minutesAfter: 120, text: "Slides: https://example.com/slides" },
    ...overrides,
  });
}

describe("reminders and follow-ups", () => {
  it("are scheduled with the confirmed booking, each due at its time, in the invitee's language with the manage links", async () => {
    const host = await signUpHost(t, { language: "fr" });
    const type = await reminderType(host);
    const start = berlinSlot(3, "10:00");
    const body = bookingBody(userLink(host, type), {
      start,
      language: "de",
      timezone: "America/New_York",
    });
    const booked = await bookOk(t, body);

    const rows = await scheduledOutboxMails(t, booked.event.uuid);
    expect(
      rows.map((r) => [r.purpose, r.payload.data.role, r.payload.to.email, r.nextAttemptAt]),
    ).toEqual([
      ["reminder", "invitee", body.email, at(start, -24 * HOUR)],
      ["reminder", "invitee", body.email, at(start, -HOUR)],
      ["reminder", "host", host.email, at(start, -HOUR)],
      ["followUp", "invitee", body.email, at(booked.event.end, 2 * HOUR)],
    ]);
    expect(rows.every((r) => r.attendeeId === booked.attendee.uuid && r.status === "pending")).toBe(
      true,
    );

    const [confirmed] = await bookingMailsTo(t, body.email as string);
    const reminder = renderMail(rows[0]!.payload);
    expect(reminder.subject).toBe(`Erinnerung: ${type.title}`);
    expect(reminder.text).toContain("Ihr Termin steht bevor.");
    expect(reminder.text).toContain("Eine Nachricht Ihres Gastgebers:\nBring the <b>contract</b>.");
    expect(reminder.html).toContain("Bring the &lt;b&gt;contract&lt;/b&gt;.");
    expect(reminder.text).toContain(confirmed!.data.rescheduleUrl!);
    expect(reminder.text).toContain(confirmed!.data.cancelUrl!);
    // 10:00 in Berlin is 04:00 in New York, the invitee's zone.
    expect(reminder.text).toMatch(/4:00|04:00/);
    expect(reminder.text).toContain("America/New_York");
    expect(reminder.ics).toBeNull();

    const hostCopy = renderMail(rows[2]!.payload);
    expect(hostCopy.subject).toBe(`Rappel : ${type.title} avec ${body.name}`);
    expect(hostCopy.text).not.toContain(confirmed!.data.cancelUrl!);

    const followUp = renderMail(rows[3]!.payload);
    expect(followUp.subject).toBe(`Vielen Dank: ${type.title}`);
    expect(followUp.text).toContain("Slides: https://example.com/slides");
    expect(followUp.text).not.toContain(confirmed!.data.cancelUrl!);
  });

  it("remind the invitee's guests too, without the manage links, and leave them out of the follow-up", async () => {
    const host = await signUpHost(t);
    const type = await reminderType(host);
    const body = bookingBody(userLink(host, type), {
      start: berlinSlot(3, "16:00"),
      language: "de",
      guests: ["guest-one@example.com", "guest-two@example.com"],
    });
    const booked = await bookOk(t, body);
    const rows = await scheduledOutboxMails(t, booked.event.uuid);
    const toGuests = rows.filter((r) => r.payload.data.role === "guest");
    expect(toGuests.map((r) => [r.purpose, r.payload.to.email, r.nextAttemptAt])).toEqual([
      ["reminder", "guest-one@example.com", at(body.start as string, -24 * HOUR)],
      ["reminder", "guest-two@example.com", at(body.start as string, -24 * HOUR)],
      ["reminder", "guest-one@example.com", at(body.start as string, -HOUR)],
      ["reminder", "guest-two@example.com", at(body.start as string, -HOUR)],
    ]);
    // Tied to the attendee who invited them: their cancel drops these too.
    expect(toGuests.every((r) => r.attendeeId === booked.attendee.uuid)).toBe(true);
    const [confirmed] = await bookingMailsTo(t, body.email as string);
    const mail = renderMail(toGuests[0]!.payload);
    expect(mail.subject).toBe(`Erinnerung: ${type.title}`);
    expect(mail.text).toContain("Bring the <b>contract</b>.");
    expect(mail.text).not.toContain(confirmed!.data.cancelUrl!);
    expect(mail.text).not.toContain(confirmed!.data.rescheduleUrl!);
  });

  it("say the manage links are closed when the notice has run out by the reminder's time", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      reminders: [
        { minutesBefore: 24 * 60, to: "invitee" },
        { minutesBefore: 72 * 60, to: "invitee" },
      ],
      cancelNotice: 48 * 60,
    });
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(4, "10:00") }),
    );
    const [early, late] = (await scheduledOutboxMails(t, booked.event.uuid)).map((r) =>
      renderMail(r.payload),
    );
    expect(early!.text).toContain("Cancel (online until");
    expect(late!.text).not.toContain("Cancel (online until");
    expect(late!.text).toContain("Cancelling online is not possible; please contact the host.");
    expect(late!.text).toContain("Reschedule");
  });

  it("skip a reminder whose time passed before the booking was made", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    expect(type.reminders).toEqual([{ minutesBefore: 1440, to: "invitee" }]);
    // Two hours ahead: "24 hours before" is long gone.
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(0, "10:00") }),
    );
    expect(await scheduledOutboxMails(t, booked.event.uuid)).toEqual([]);
  });

  it("go out once at their time with two workers running, and never for a meeting that moved since", async () => {
    // Only this test's mail in the outbox: the workers send whatever is due.
    await t.database.db.delete(outbox);
    const host = await signUpHost(t);
    const type = await reminderType(host, { followUp: null });
    const starts = [berlinSlot(3, "10:00"), berlinSlot(3, "11:00"), berlinSlot(3, "12:00")];
    const booked = [];
    for (const start of starts) {
      booked.push(await bookOk(t, bookingBody(userLink(host, type), { start })));
    }
    const { port, received } = await smtpInbox();
    const { clock, drainBoth } = twoWorkers(t, port, { claimBatch: 2 });

    // Now: the three confirmations (invitee and host each) go, no reminder yet.
    await drainBoth();
    expect(received).toHaveLength(6);
    expect(received.some((raw) => subjectOf(raw).startsWith("Reminder:"))).toBe(false);

    // A path that moved a meeting without dropping its reminders: the worker drops them.
    await t.database.db
      .update(events)
      .set({ startAt: at(starts[2]!, 30 * 60_000), endAt: at(starts[2]!, 60 * 60_000) })
      .where(eq(events.id, booked[2]!.event.uuid));

    // 24 hours before the first two: their first reminders, once each.
    clock.now = at(starts[1]!, -24 * HOUR);
    await drainBoth();
    await drainBoth();
    const first = received.slice(6);
    expect(first.map(subjectOf)).toEqual([`Reminder: ${type.title}`, `Reminder: ${type.title}`]);

    // After everything: the 1-hour reminders to invitees and host, once each; none for the third.
    clock.now = at(starts[2]!, 0);
    await drainBoth();
    await drainBoth();
    const second = received.slice(8);
    expect(second).toHaveLength(4);
    expect(second.filter((raw) => recipientOf(raw).includes(host.email))).toHaveLength(2);
    const ids = received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim());
    expect(new Set(ids).size).toBe(received.length);

    const left = await scheduledOutboxMails(t, booked[2]!.event.uuid);
    expect(left).toEqual([]);
    const rows = [
      ...(await scheduledOutboxMails(t, booked[0]!.event.uuid)),
      ...(await scheduledOutboxMails(t, booked[1]!.event.uuid)),
    ];
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill("sent"));
  });

  it("move when the booking is rescheduled, and are dropped when it is cancelled", async () => {
    const host = await signUpHost(t);
    const type = await reminderType(host);
    const body = bookingBody(userLink(host, type), { start: berlinSlot(3, "10:00") });
    const booked = await bookOk(t, body);
    const [mail] = await bookingMailsTo(t, body.email as string);
    const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;

    const newStart = berlinSlot(4, "14:00");
    const meetingMs = Date.parse(booked.event.end) - Date.parse(booked.event.start);
    const moved = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      payload: {
        attendeeUuid: booked.attendee.uuid,
        token,
        start: newStart,
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await scheduledOutboxMails(t, booked.event.uuid);
    expect(rows.map((r) => [r.purpose, r.nextAttemptAt])).toEqual([
      ["reminder", at(newStart, -24 * HOUR)],
      ["reminder", at(newStart, -HOUR)],
      ["reminder", at(newStart, -HOUR)],
      ["followUp", at(newStart, meetingMs + 2 * HOUR)],
    ]);
    expect(rows.every((r) => r.payload.data.start === new Date(newStart).toISOString())).toBe(true);

    // The host moves it again: the same, at the newer time.
    const newer = berlinSlot(2, "15:00");
    const byHost = await t.request({
      method: "POST",
      url: "/api/event/reschedule",
      headers: host.headers,
      payload: {
        eventUuid: booked.event.uuid,
        start: newer,
        timezone: "Europe/Berlin",
        reason: "",
      },
    });
    expect(byHost.statusCode, byHost.body).toBe(200);
    const again = await scheduledOutboxMails(t, booked.event.uuid);
    expect(again).toHaveLength(4);
    expect(again[0]!.nextAttemptAt).toEqual(at(newer, -24 * HOUR));

    const cancelled = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${booked.attendee.uuid}/cancel`,
      payload: { token, cancellation_reason: "" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await scheduledOutboxMails(t, booked.event.uuid)).toEqual([]);
  });

  it("wait for the host's approval, and never come for a declined request", async () => {
    const host = await signUpHost(t);
    const type = await reminderType(host, { requiresApproval: true });
    const approveMe = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(3, "10:00") }),
    );
    const declineMe = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(3, "12:00") }),
    );
    expect(approveMe.event.status).toBe("PENDING_APPROVAL");
    expect(await scheduledOutboxMails(t, approveMe.event.uuid)).toEqual([]);

    const approved = await t.request({
      method: "POST",
      url: `/api/bookings/${approveMe.event.uuid}/approve`,
      headers: host.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await scheduledOutboxMails(t, approveMe.event.uuid)).map((r) => r.purpose)).toEqual([
      "reminder",
      "reminder",
      "reminder",
      "followUp",
    ]);

    const declined = await t.request({
      method: "POST",
      url: `/api/bookings/${declineMe.event.uuid}/decline`,
      headers: host.headers,
      payload: { reason: "" },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await scheduledOutboxMails(t, declineMe.event.uuid)).toEqual([]);
  });

  it("are kept on the event type, and refused out of range with 422 and nothing written", async () => {
    const host = await signUpHost(t);
    const type = await reminderType(host);
    const read = await t.request({
      method: "GET",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
    });
    expect(read.json()).toMatchObject({
      reminders: [
        { minutesBefore: 1440, to: "invitee" },
        { minutesBefore: 60, to: "invitee_and_host" },
      ],
      reminderText: "Bring the <b>contract</b>.",
      followUp: { minutesAfter: 120, text: "Slides: https://example.com/slides" },
    });
    const refused = await t.request({
      method: "PATCH",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
      payload: { reminders: [{ minutesBefore: 31 * 24 * 60, to: "invitee" }] },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["reminders.0.minutesBefore"]);
    const patched = await t.request({
      method: "PATCH",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
      payload: { reminders: [], followUp: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ reminders: [], followUp: null });
  });
});
