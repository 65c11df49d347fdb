import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../db/schema";
import { bookDirectly, commandContext } from "../test/bookingCommands";
import { berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { seriesCanceller } from "./seriesCanceller";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;
const context = () => commandContext(t);

async function series(count: number) {
  const host = await signUpHost(t);
  const type = await createEventType(t, host, {
    recurrence: { everyWeeks: 2, maxOccurrences: 5 },
  });
  const booked = await bookDirectly(t, userLink(host, type), {
    start: berlinSlot(1, "09:00"),
    occurrences: count,
  });
  return { host, type, booked, occurrences: booked.series!.occurrences };
}

const statuses = async (seriesId: string) =>
  (await db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.startAt)).map(
    (e) => e.status,
  );

describe("seriesCanceller", () => {
  it("cancels an occurrence and the later ones for the invitee, every two weeks apart", async () => {
    const { booked, occurrences } = await series(4);
    expect(
      occurrences.map((o) => (o.event.startAt.getTime() - booked.event.startAt.getTime()) / 864e5),
    ).toEqual([0, 14, 28, 42]);
    const second = occurrences[1]!.attendee;
    const result = await seriesCanceller(
      context(),
      { kind: "attendee", attendeeId: second.id, token: second.cancelToken },
      "moving away",
    );
    expect(result.event).toMatchObject({ id: occurrences[1]!.event.id, status: "CANCELLED" });
    expect(await statuses(booked.series!.id)).toEqual([
      "CONFIRMED",
      "CANCELLED",
      "CANCELLED",
      "CANCELLED",
    ]);
    // Asked again from the same occurrence: already cancelled.
    await expect(
      seriesCanceller(
        context(),
        { kind: "attendee", attendeeId: second.id, token: second.cancelToken },
        "",
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses a host who does not host it, a started occurrence, and the invitee within the notice", async () => {
    const { host, type, booked, occurrences } = await series(3);
    const stranger = await signUpHost(t);
    const first = occurrences[0]!.event;
    await expect(
      seriesCanceller(context(), { kind: "host", userId: stranger.id, eventId: first.id }, ""),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const later = { ...context(), now: new Date(first.startAt.getTime() + 60_000) };
    await expect(
      seriesCanceller(later, { kind: "host", userId: host.id, eventId: first.id }, ""),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    await t.request({
      method: "PATCH",
      url: `/api/event-types/${type.id}`,
      headers: host.headers,
      payload: { cancelNotice: 60 * 24 * 30 },
    });
    const attendee = occurrences[0]!.attendee;
    await expect(
      seriesCanceller(
        context(),
        { kind: "attendee", attendeeId: attendee.id, token: attendee.cancelToken },
        "",
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // The host may, notice or not.
    await seriesCanceller(context(), { kind: "host", userId: host.id, eventId: first.id }, "");
    expect(await statuses(booked.series!.id)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"]);
  });
});
