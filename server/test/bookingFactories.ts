import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { expect } from "vitest";
import type { CheckoutPayment } from "../../core/api/events";
import { drainChanges } from "../bookingChanges/testing/drainChanges";
import { outbox } from "../db/schema";
import type { BookingMailPayload, MailPayload } from "../mail/mailTypes";
import { createEventType, createTeam, type Host } from "./factories";
import type { TestApp } from "./testApp";
import { TEST_NOW } from "./testNow";

/**
 * A Monday in winter, the test app's own start (TEST_NOW): Berlin is UTC+1, so 09:00 there is
 * 08:00Z. Tests book from here on.
 */
export const BOOKING_NOW = TEST_NOW;

/** The instant of `time` (HH:mm, Berlin, winter) `days` after BOOKING_NOW's date. */
export function berlinSlot(days: number, time: string): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const date = new Date(Date.UTC(2027, 0, 4 + days, hours - 1, minutes));
  return date.toISOString();
}

let counter = 0;

/** A valid `POST /api/event` body for `host`'s event type `slug`, with overrides. */
export function bookingBody(
  link: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  counter += 1;
  return {
    ...link,
    start: berlinSlot(0, "09:00"),
    timezone: "Europe/Berlin",
    name: `Invitee ${counter}`,
    email: `invitee-${counter}@example.com`,
    ...overrides,
  };
}

/** The link of a personal event type. */
export function userLink(host: Host, eventType: { slug: string }) {
  return { userLink: host.username, eventTypeLink: eventType.slug };
}

/** Books over HTTP and returns the response. */
export function book(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.request({ method: "POST", url: "/api/event", payload: body, headers });
}

/** Books and expects 201; returns the answer. */
export async function bookOk(t: TestApp, body: Record<string, unknown>) {
  const response = await book(t, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    event: {
      uuid: string;
      start: string;
      end: string;
      status: string;
      hosts: { username: string }[];
      payment?: CheckoutPayment;
    };
    attendee: { uuid: string; token: string; cancelUrl: string; rescheduleUrl: string };
    action?: unknown;
    checkout?: boolean;
  };
}

/** Every mail payload in the outbox that goes out at once (not the reminders), oldest first. */
export async function outboxMails(t: TestApp): Promise<MailPayload[]> {
  await drainChanges(t);
  const rows = await t.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, "mail"), isNull(outbox.purpose)))
    .orderBy(asc(outbox.id));
  return rows.map((row) => row.payload as unknown as MailPayload);
}

/**
 * The reminders and follow-ups in the outbox (about one event, given its id), by due time:
 * payload, when, and what about.
 */
export async function scheduledOutboxMails(t: TestApp, eventId?: string) {
  await drainChanges(t);
  const rows = await t.database.db
    .select()
    .from(outbox)
    .where(
      and(
        isNotNull(outbox.purpose),
        eventId === undefined ? undefined : eq(outbox.eventId, eventId),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id));
  return rows.map((row) => ({ ...row, payload: row.payload as unknown as BookingMailPayload }));
}

/** The booking mails in the outbox to `email`. */
export async function bookingMailsTo(t: TestApp, email: string): Promise<BookingMailPayload[]> {
  return (await outboxMails(t)).filter(
    (mail): mail is BookingMailPayload =>
      mail.to.email === email &&
      (mail.template === "bookingConfirmed" ||
        mail.template === "bookingCancelled" ||
        mail.template === "bookingRescheduled" ||
        mail.template === "bookingRequested" ||
        mail.template === "bookingDeclined"),
  );
}

/** A team event type of `kind` with `hosts` (the first is the team's admin), and its shared link. */
export async function teamEventType(
  t: TestApp,
  kind: "COLLECTIVE" | "ROUND_ROBIN" | "FLEXI",
  hosts: Host[],
  overrides: Record<string, unknown> = {},
) {
  const [admin, ...members] = hosts as [Host, ...Host[]];
  const team = await createTeam(t, admin, members);
  return createEventType(t, admin, {
    kind,
    teamId: team.id,
    hosts: hosts.map((h) => ({ userId: h.id, priority: 0 })),
    ...overrides,
  }) as Promise<{ id: string; slug: string; sharedLink: string }>;
}

/** The times the timetable offers on `date` (Berlin) for `host`'s event type `type`. */
export async function slotsOn(
  t: TestApp,
  host: Host,
  type: { slug: string },
  date: string,
): Promise<string[]> {
  const query = new URLSearchParams({
    ...userLink(host, type),
    start: date,
    end: date,
    timezone: "Europe/Berlin",
  });
  const response = await t.request({ method: "GET", url: `/api/timetable?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const day = response.json().timetable.find((d: { date: string }) => d.date === date);
  return Object.keys(day?.slots ?? {});
}
