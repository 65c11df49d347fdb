import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingChanges } from "../db/schema";
import { BOOKING_NOW, berlinSlot, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { noShowMarker } from "./noShowMarker";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

describe("noShowMarker", () => {
  it("marks and unmarks once each, recording a change each time; refuses before the start and an attendee of another meeting", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const start = berlinSlot(3, "10:00");
    const booked = await bookOk(t, bookingBody(userLink(host, type), { start }));
    const other = await bookOk(
      t,
      bookingBody(userLink(host, type), { start: berlinSlot(3, "12:00") }),
    );
    const { db } = t.database;
    const eventId = booked.event.uuid;
    const attendeeId = booked.attendee.uuid;
    await expect(
      noShowMarker(db, host.id, eventId, attendeeId, true, BOOKING_NOW),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const after = new Date(Date.parse(start) + 5 * 60_000);
    await expect(
      noShowMarker(db, host.id, eventId, other.attendee.uuid, true, after),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const marked = await noShowMarker(db, host.id, eventId, attendeeId, true, after);
    expect(marked.noShowAt).toEqual(after);
    await noShowMarker(db, host.id, eventId, attendeeId, true, after);
    const unmarked = await noShowMarker(db, host.id, eventId, attendeeId, false, after);
    expect(unmarked.noShowAt).toBeNull();
    const kinds = await db
      .select({ kind: bookingChanges.kind, actor: bookingChanges.actor })
      .from(bookingChanges)
      .where(eq(bookingChanges.eventId, eventId));
    expect(kinds.filter((k) => k.kind.startsWith("no_show"))).toEqual([
      { kind: "no_show", actor: host.id },
      { kind: "no_show_undone", actor: host.id },
    ]);
  });
});
