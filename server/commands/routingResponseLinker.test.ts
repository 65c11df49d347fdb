import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routingFormResponses, routingForms } from "../db/schema";
import { bookDirectly } from "../test/bookingCommands";
import { berlinSlot, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { routingResponseLinker } from "./routingResponseLinker";

const t = await createTestApp({ bookingLimits: { perIp: 0, perEventType: 0 } });
const db = t.database.db;

/** A response of a form of `host` that routed to `eventTypeId`. */
async function responseTo(host: Host, eventTypeId: string | null) {
  const [form] = await db
    .insert(routingForms)
    .values({ userId: host.id, slug: `form-${crypto.randomUUID()}`, title: "Which call?" })
    .returning();
  const [response] = await db
    .insert(routingFormResponses)
    .values({
      formId: form!.id,
      answers: {},
      routeId: "route-1",
      actionType: "EVENT_TYPE",
      eventTypeId,
    })
    .returning();
  return response!;
}

const linkedEvent = async (id: string) =>
  (await db.select().from(routingFormResponses).where(eq(routingFormResponses.id, id)))[0]!.eventId;

describe("routingResponseLinker", () => {
  it("links a booking to the response that routed to its event type, once", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const response = await responseTo(host, type.id);
    const first = await bookDirectly(t, userLink(host, type), { start: berlinSlot(0, "09:00") });
    const second = await bookDirectly(t, userLink(host, type), { start: berlinSlot(0, "11:00") });

    const booking = { eventId: first.event.id, eventTypeId: type.id };
    expect(await routingResponseLinker(db, response.id, booking)).toBe(true);
    expect(await linkedEvent(response.id)).toBe(first.event.id);
    // A response already linked keeps its booking: a reused id links nothing.
    const again = { eventId: second.event.id, eventTypeId: type.id };
    expect(await routingResponseLinker(db, response.id, again)).toBe(false);
    expect(await linkedEvent(response.id)).toBe(first.event.id);
  });

  it("links nothing to a response that routed elsewhere or does not exist", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const otherType = await createEventType(t, host);
    const response = await responseTo(host, otherType.id);
    const booked = await bookDirectly(t, userLink(host, type), { start: berlinSlot(1, "09:00") });
    const booking = { eventId: booked.event.id, eventTypeId: type.id };
    expect(await routingResponseLinker(db, response.id, booking)).toBe(false);
    expect(await linkedEvent(response.id)).toBeNull();
    expect(await routingResponseLinker(db, "00000000-0000-4000-8000-000000000000", booking)).toBe(
      false,
    );
  });
});
