import { and, count, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import {
  BOOKING_NOW,
  berlinSlot,
  book,
  bookingBody,
  bookOk,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

// On a PostgreSQL server the requests below run on separate connections at once; the weekly
// limit holds only because each booking counts the host's week under the host's lock.
describe("the last allowed booking of a week, raced on PostgreSQL", () => {
  it("20 invitees at 20 different times: exactly one 201, the others 409, no 5xx", async () => {
    const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
    t.setNow(BOOKING_NOW);
    const host = await signUpHost(t);
    const type = await createEventType(t, host, { weeklyLimit: 3, duration: 15 });
    const link = userLink(host, type);
    await bookOk(t, bookingBody(link, { start: berlinSlot(0, "09:00") }));
    await bookOk(t, bookingBody(link, { start: berlinSlot(0, "10:00") }));

    // Tuesday to Friday, four times a day plus four on Monday afternoon: all in that week.
    const starts = [
      ...[1, 2, 3, 4].flatMap((day) =>
        ["09:00", "11:00", "13:00", "15:00"].map((time) => berlinSlot(day, time)),
      ),
      ...["13:00", "14:00", "15:00", "16:00"].map((time) => berlinSlot(0, time)),
    ];
    expect(starts).toHaveLength(20);
    const answers = await Promise.all(starts.map((start) => book(t, bookingBody(link, { start }))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);

    const [active] = await t.database.db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.eventTypeId, type.id), ne(events.status, "CANCELLED")));
    expect(active!.n).toBe(3);
  });
});
