import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Database } from "../db/database";
import { outbox } from "../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  scheduledOutboxMails,
  userLink,
} from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { twoWorkers } from "./testing/outboxWorkers";
import { smtpInbox } from "./testing/smtpInbox";

// PostgreSQL only: the test holds a transaction open on a second connection, which PGlite's one
// connection cannot.
const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("reminders", () => {
  // Two connections: a transaction left open on one while a worker claims on the other.
  it("never go out for a time a reschedule is changing, claimed before it commits", async () => {
    await t.database.db.delete(outbox);
    const host = await signUpHost(t);
    const type = await createEventType(t, host, {
      reminders: [{ minutesBefore: 60, to: "invitee" }],
    });
    const start = berlinSlot(3, "15:00");
    const booked = await bookOk(t, bookingBody(userLink(host, type), { start }));
    const { port, received } = await smtpInbox();
    const { clock, drainBoth } = twoWorkers(t, port, { claimBatch: 2 });
    await drainBoth();
    const confirmations = received.length;
    const [reminder] = await scheduledOutboxMails(t, booked.event.uuid);
    expect(reminder).toMatchObject({ purpose: "reminder", status: "pending" });

    // The rescheduler's transaction has moved the meeting and not yet committed when the
    // reminder comes due.
    const mover = new pg.Client({
      connectionString: (t.database as Database & { url: string }).url,
    });
    await mover.connect();
    onTestFinished(() => mover.end());
    await mover.query("begin");
    await mover.query(
      "update events set start_at = start_at + interval '1 hour', end_at = end_at + interval '1 hour' where id = $1",
      [booked.event.uuid],
    );
    clock.now = reminder!.nextAttemptAt;
    expect(await drainBoth()).toBe(0);
    expect(await scheduledOutboxMails(t, booked.event.uuid)).toMatchObject([{ status: "pending" }]);
    await mover.query("commit");

    // Committed: the reminder names a time the meeting no longer has, and is dropped unsent.
    expect(await drainBoth()).toBe(0);
    expect(received).toHaveLength(confirmations);
    expect(await scheduledOutboxMails(t, booked.event.uuid)).toEqual([]);
  });
});
