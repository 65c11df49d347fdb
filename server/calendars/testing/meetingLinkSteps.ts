import { eq } from "drizzle-orm";
import { expect, onTestFinished } from "vitest";
import { drainChanges } from "../../bookingChanges/testing/drainChanges";
import { events } from "../../db/schema";
import { startOutboxWorker } from "../../mail/outboxWorker";
import { smtpInbox } from "../../mail/testing/smtpInbox";
import { bookingMailsTo } from "../../test/bookingFactories";
import type { TestApp } from "../../test/testApp";
import type { WorkSignal } from "../../workers/workSignal";
import { type CalendarWriteContext, writeDueCalendarEvents } from "../calendarEventWriter";

/**
 * The steps the meeting-link tests (Google Meet, Zoom) share: mails sent to a loopback inbox,
 * and the invitee moving or cancelling through the links of their latest mail.
 */

/**
 * An outbox worker on a loopback SMTP inbox, on the test's clock, woken by `workSignal` if given
 * (its poll is an hour away); stopped when the test ends.
 */
export async function mailWorker(t: TestApp, workSignal?: WorkSignal) {
  const inbox = await smtpInbox();
  const worker = startOutboxWorker({
    database: t.database,
    smtpUrl: `smtp://127.0.0.1:${inbox.port}`,
    publicUrl: t.deps.config.publicUrl,
    clock: t.deps.clock,
    pollMs: 3_600_000,
    ...(workSignal ? { workSignal } : {}),
  });
  onTestFinished(() => worker.stop());
  return { inbox, worker };
}

/** The invitee `email` moves their booking to `start` with their first mail's link: 200. */
export async function rescheduleByMail(
  t: TestApp,
  email: string,
  attendeeUuid: string,
  start: string,
) {
  const [mail] = await bookingMailsTo(t, email);
  const token = new URL(mail!.data.rescheduleUrl!).searchParams.get("token")!;
  const moved = await t.request({
    method: "POST",
    url: "/api/event/reschedule",
    payload: { attendeeUuid, token, start, timezone: "Europe/Berlin" },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

/** The invitee `email` cancels their booking with their latest mail's link: 200. */
export async function cancelByMail(t: TestApp, email: string, attendeeUuid: string) {
  const mails = await bookingMailsTo(t, email);
  const token = mails.at(-1)!.data.cancelUrl!.split("/").at(-1)!;
  const cancelled = await t.request({
    method: "PUT",
    url: `/api/event/uuid/${attendeeUuid}/cancel`,
    payload: { token },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

/** The booking changes' effects derived, then the calendar events (and their links) due written. */
export async function writeDue(t: TestApp, context: CalendarWriteContext) {
  await drainChanges(t);
  return writeDueCalendarEvents(context);
}

/** The location a booking holds now (its meeting link, once made). */
export async function storedLocation(t: TestApp, eventId: string) {
  const [row] = await t.database.db
    .select({ location: events.location })
    .from(events)
    .where(eq(events.id, eventId));
  return row!.location;
}
