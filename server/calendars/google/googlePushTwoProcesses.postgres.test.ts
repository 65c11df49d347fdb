import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarDeletionCanceller } from "../../commands/calendarDeletionCanceller";
import { type Database, openPostgres } from "../../db/database";
import { bookingChanges, calendarWrites, events } from "../../db/schema";
import {
  berlinSlot,
  bookingBody,
  bookingMailsTo,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { writeDueCalendarEvents } from "../calendarEventWriter";
import { startCalendarWorker } from "../calendarWorker";
import { googleTestApp } from "../testing/googleTestApp";
import { turnOnCancelOnDelete } from "../testing/oauthTestApp";
import { googleEventId } from "./googleSource";

const { google, t, connectGoogle, sync, writeContext } = await googleTestApp();

/** A calendar worker as one server process runs it, on its own pool of `database`. */
function processWorker(database: Database) {
  return startCalendarWorker({
    database,
    encryptionKey: t.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: t.deps.config.publicUrl,
    google: t.deps.config.google,
    cancelBooking: calendarDeletionCanceller(database.db, t.deps.config.publicUrl),
    clock: t.deps.clock,
    pollMs: 3_600_000,
  });
}

describe("two server processes on PostgreSQL receiving the same push", () => {
  it("handle the deletion it tells of once: one cancellation, one set of mails", async () => {
    const host = await signUpHost(t, { name: "Ada Host" });
    const connection = await connectGoogle(host);
    await turnOnCancelOnDelete(t, host, connection.id);
    const type = await createEventType(t, host);
    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), {
        start: berlinSlot(1, "09:00"),
        email: "pat@example.com",
      }),
    );
    await writeDueCalendarEvents(writeContext());
    expect((await sync(host, connection.id)).json().status).toBe("OK");

    google.changeEvent(`ada@example.com/${googleEventId(booked.event.uuid)}`, {
      status: "cancelled",
    });
    const notifications = google.notificationsFor("ada@example.com");
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    // Google retries a notification it thinks was lost: each process receives it once.
    for (let i = 0; i < 2; i++) {
      const delivered = await t.request({
        method: "POST",
        url: new URL(notification!.address).pathname,
        headers: notification!.headers,
      });
      expect(delivered.statusCode, delivered.body).toBe(204);
    }

    const second = openPostgres((t.database as Database & { url: string }).url, 2);
    const workers = [processWorker(t.database), processWorker(second)];
    try {
      // Both passes at once, each in its own pool, as two processes woken by the push.
      await Promise.all(workers.map((worker) => worker.pass()));
      await Promise.all(workers.map((worker) => worker.pass()));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await second.close();
    }

    const [event] = await t.database.db
      .select()
      .from(events)
      .where(eq(events.id, booked.event.uuid));
    expect(event!.status).toBe("CANCELLED");
    const changes = await t.database.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.eventId, booked.event.uuid));
    expect(changes.filter((c) => c.kind === "cancelled")).toHaveLength(1);
    const cancelMails = (await bookingMailsTo(t, "pat@example.com")).filter(
      (mail) => mail.template === "bookingCancelled",
    );
    expect(cancelMails).toHaveLength(1);
    // The cancellation's calendar job takes the (already deleted) event out and forgets it.
    await writeDueCalendarEvents(writeContext());
    const left = await t.database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.eventId, booked.event.uuid));
    expect(left).toEqual([]);
  });
});
