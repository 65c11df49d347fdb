import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routingFormSchema } from "../../core/routingForms/routingFormSchema";
import { routingFormResponses } from "../db/schema";
import { createEventType, signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { routingFormCreator } from "./routingFormCreator";
import { routingFormSubmitter } from "./routingFormSubmitter";
import { routingResponseLinker } from "./routingResponseLinker";

const t = await createTestApp();
const db = t.database.db;
const now = new Date("2027-01-04T06:00:00Z");

async function formOf() {
  const host = await signUpHost(t);
  const type = await createEventType(t, host);
  const form = await routingFormCreator(
    db,
    host.id,
    routingFormSchema.parse({
      title: "Intake",
      slug: `s-${host.username}`,
      fields: [
        {
          id: "plan",
          type: "RADIO",
          label: "Plan",
          identifier: "plan",
          options: ["Free", "Pro"],
          required: true,
        },
      ],
      routes: [
        {
          id: "pro",
          conditions: [{ fieldId: "plan", operator: "equals", value: "Pro" }],
          action: { type: "EVENT_TYPE", eventTypeId: type.id },
        },
        {
          id: "fb",
          isFallback: true,
          action: { type: "URL", url: "https://example.com/free", appendAnswers: false },
        },
      ],
    }),
  );
  return { host, type, form };
}

describe("routingFormSubmitter", () => {
  it("stores the checked answers, the route taken, the time and UTM; answers with the action", async () => {
    const { host, type, form } = await formOf();
    const { response, outcome } = await routingFormSubmitter(
      db,
      form,
      { answers: { plan: "Pro" }, timeZone: "Europe/Berlin", utm: { utm_source: "ad" } },
      now,
    );
    expect(outcome).toEqual({
      actionType: "EVENT_TYPE",
      url: `/${host.username}/${type.slug}?c__plan=Pro&c__routing_response=${response.id}`,
    });
    expect(response).toMatchObject({
      formId: form.id,
      routeId: "pro",
      actionType: "EVENT_TYPE",
      eventTypeId: type.id,
      utm: { utm_source: "ad" },
      createdAt: now,
      eventId: null,
    });
    const free = await routingFormSubmitter(
      db,
      form,
      { answers: { plan: "Free" }, timeZone: "Europe/Berlin", utm: {} },
      now,
    );
    expect(free.outcome).toEqual({ actionType: "URL", url: "https://example.com/free" });
    expect(free.response.eventTypeId).toBeNull();
  });

  it("refuses answers per field and stores nothing", async () => {
    const { form } = await formOf();
    await expect(
      routingFormSubmitter(db, form, { answers: {}, timeZone: "Europe/Berlin", utm: {} }, now),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { "answers.plan": [{ key: "fields.selectOption" }] },
    });
    expect(
      await db.select().from(routingFormResponses).where(eq(routingFormResponses.formId, form.id)),
    ).toEqual([]);
  });
});

describe("routingResponseLinker", () => {
  it("links only a response routed to the booked event type, once", async () => {
    const { type, form } = await formOf();
    const { response } = await routingFormSubmitter(
      db,
      form,
      { answers: { plan: "Pro" }, timeZone: "Europe/Berlin", utm: {} },
      now,
    );
    const [event] = (
      await db.execute<{ id: string }>(
        sql`insert into events (event_type_id, status, start_at, end_at, title) values (${type.id}, 'CONFIRMED', now(), now() + interval '30 minutes', 'x') returning id`,
      )
    ).rows;
    expect(
      await routingResponseLinker(db, response.id, {
        eventId: event!.id,
        eventTypeId: "00000000-0000-4000-8000-000000000000",
      }),
    ).toBe(false);
    expect(
      await routingResponseLinker(db, response.id, { eventId: event!.id, eventTypeId: type.id }),
    ).toBe(true);
    expect(
      await routingResponseLinker(db, response.id, { eventId: event!.id, eventTypeId: type.id }),
    ).toBe(false);
  });
});
