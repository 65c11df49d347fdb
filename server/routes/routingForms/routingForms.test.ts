import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routingFormResponses, routingForms } from "../../db/schema";
import {
  BOOKING_NOW,
  bookingBody,
  bookOk,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, createTeam, type Host, joinTeam, signUpHost } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/testApp";
import { pageExists } from "../clientPages/pageExists";

const t = await createTestApp({ bookingLimits: { perIp: 1000, perEventType: 1000 } });
t.setNow(BOOKING_NOW);

let slugs = 0;
function formBody(eventTypeId: string, over: Record<string, unknown> = {}) {
  slugs += 1;
  return {
    title: "Sales intake",
    slug: `sales-${slugs}`,
    description: "Tell us about you.",
    fields: [
      {
        id: "fName",
        type: "SHORT_TEXT",
        label: "Your name",
        identifier: "fullName",
        required: true,
        prefill: "name",
      },
      {
        id: "fMail",
        type: "EMAIL",
        label: "Email",
        identifier: "mail",
        required: true,
        prefill: "email",
      },
      { id: "fSize", type: "NUMBER", label: "Team size", identifier: "size" },
      {
        id: "fTopic",
        type: "MULTI_SELECT",
        label: "Topics",
        identifier: "topics",
        options: ["Billing", "API", "Other"],
        prefill: "a1",
      },
      { id: "fPhone", type: "PHONE", label: "Phone", identifier: "phone" },
    ],
    routes: [
      {
        id: "big",
        conditions: [{ fieldId: "fSize", operator: "greater_than", value: 100 }],
        action: { type: "EVENT_TYPE", eventTypeId },
      },
      {
        id: "api",
        join: "any",
        conditions: [{ fieldId: "fTopic", operator: "contains", value: ["API"] }],
        action: { type: "URL", url: "https://docs.example.com/api?from=rf", appendAnswers: true },
      },
      {
        id: "fallback",
        isFallback: true,
        action: { type: "MESSAGE", message: "Thanks, we will write to you." },
      },
    ],
    ...over,
  };
}

const call = (
  app: TestApp,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  host?: Host,
  payload?: object,
) =>
  app.request({
    method,
    url,
    ...(host ? { headers: host.headers } : {}),
    ...(payload ? { payload } : {}),
  });

async function hostWithForm(over: Record<string, unknown> = {}) {
  const host = await signUpHost(t);
  const type = await createEventType(t, host, {
    questions: [
      {
        id: "topics",
        type: "MULTIPLE_CHOICE",
        label: "Topics",
        options: ["Billing", "API", "Other"],
      },
    ],
  });
  const created = await call(t, "POST", "/api/routing-forms", host, formBody(type.id, over));
  expect(created.statusCode, created.body).toBe(201);
  return { host, type, form: created.json() };
}

const submit = (
  idOrSlug: string,
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  call(t, "POST", `/api/form/${idOrSlug}`, undefined, {
    answers,
    timezone: "Europe/Berlin",
    ...extra,
  });

describe("routing forms: the builder's API", () => {
  it("creates, reads, lists, changes and deletes a host's form", async () => {
    const { host, form } = await hostWithForm();
    expect(form).toMatchObject({
      title: "Sales intake",
      userId: host.id,
      teamId: null,
      responseCount: 0,
      routeCounts: {},
    });
    expect(form.url).toMatch(new RegExp(`/RF/${form.slug}$`));
    expect(form.fields[2]).toMatchObject({
      required: false,
      helpText: "",
      maxSelected: null,
      prefill: null,
    });
    const read = await call(t, "GET", `/api/routing-forms/${form.id}`, host);
    expect(read.json().routes.map((r: { id: string }) => r.id)).toEqual(["big", "api", "fallback"]);
    const list = await call(t, "GET", "/api/routing-forms", host);
    expect(list.json().forms.map((f: { id: string }) => f.id)).toEqual([form.id]);

    const renamed = await call(t, "PATCH", `/api/routing-forms/${form.id}`, host, {
      title: "Intake",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Intake", slug: form.slug });
    const reordered = await call(t, "PATCH", `/api/routing-forms/${form.id}`, host, {
      fields: form.fields,
      routes: [form.routes[1], form.routes[0], form.routes[2]],
    });
    expect(reordered.json().routes.map((r: { id: string }) => r.id)).toEqual([
      "api",
      "big",
      "fallback",
    ]);

    expect((await call(t, "DELETE", `/api/routing-forms/${form.id}`, host)).statusCode).toBe(204);
    expect((await call(t, "GET", `/api/routing-forms/${form.id}`, host)).statusCode).toBe(404);
  });

  it("answers 404 to another host for every call, and changes nothing", async () => {
    const { form } = await hostWithForm();
    const other = await signUpHost(t);
    for (const [method, url] of [
      ["GET", `/api/routing-forms/${form.id}`],
      ["PATCH", `/api/routing-forms/${form.id}`],
      ["DELETE", `/api/routing-forms/${form.id}`],
      ["GET", `/api/routing-forms/${form.id}/responses`],
      ["GET", `/api/routing-forms/${form.id}/responses.csv`],
    ] as const) {
      const response = await call(
        t,
        method,
        url,
        other,
        method === "PATCH" ? { title: "Mine" } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(t, "GET", "/api/routing-forms", other)).json().forms).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(routingForms)
      .where(eq(routingForms.id, form.id));
    expect(row?.title).toBe("Sales intake");
    expect((await call(t, "GET", "/api/routing-forms")).statusCode).toBe(401);
  });

  it("refuses a route to another host's event type, a taken link and a form without fallback, per field", async () => {
    const { host, form } = await hostWithForm();
    const stranger = await signUpHost(t);
    const theirs = await createEventType(t, stranger);
    const foreign = await call(t, "POST", "/api/routing-forms", host, formBody(theirs.id));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty(["routes.0.action.eventTypeId"]);
    const taken = await call(t, "POST", "/api/routing-forms", host, {
      ...formBody(form.routes[0].action.eventTypeId),
      slug: form.slug,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty("slug");
    const noFallback = await call(t, "POST", "/api/routing-forms", host, {
      ...formBody(form.routes[0].action.eventTypeId),
      routes: form.routes.slice(0, 2),
    });
    expect(noFallback.statusCode).toBe(422);
    expect(noFallback.json().errors.routes).toEqual([
      "Add exactly one fallback route, as the last route.",
    ]);
  });

  it("lets a team's admins build its forms with the team's round-robin type; members get 403, others 404", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const outsider = await signUpHost(t);
    const type = await teamEventType(t, "ROUND_ROBIN", [admin, member]);
    const [teamRow] = await t.database.db
      .execute<{ team_id: string }>(
        // The team the factory made for the type.
        sql`select team_id from event_types where id = ${type.id}`,
      )
      .then((result) => result.rows);
    const teamId = teamRow!.team_id;
    const body = formBody(type.id, { teamId });
    expect((await call(t, "POST", "/api/routing-forms", member, body)).statusCode).toBe(403);
    expect((await call(t, "POST", "/api/routing-forms", outsider, body)).statusCode).toBe(404);
    const created = await call(t, "POST", "/api/routing-forms", admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json();
    expect(form).toMatchObject({ teamId, userId: null });
    expect((await call(t, "GET", `/api/routing-forms/${form.id}`, member)).statusCode).toBe(403);
    expect((await call(t, "GET", `/api/routing-forms/${form.id}`, outsider)).statusCode).toBe(404);
    const personal = await createEventType(t, admin);
    const mixed = await call(t, "PATCH", `/api/routing-forms/${form.id}`, admin, {
      fields: form.fields,
      routes: [
        { ...form.routes[0], action: { type: "EVENT_TYPE", eventTypeId: personal.id } },
        form.routes[2],
      ],
    });
    expect(mixed.statusCode).toBe(422);

    const routed = await submit(form.slug, { fName: "Ann", fMail: "ann@example.com", fSize: 500 });
    expect(routed.statusCode, routed.body).toBe(200);
    expect(routed.json().action.url).toMatch(
      new RegExp(`^/R/${type.sharedLink}\\?name=Ann&email=ann%40example.com`),
    );

    const second = await createTeam(t, admin);
    await joinTeam(t, admin, second.id, member, "admin");
    expect((await call(t, "GET", "/api/routing-forms", member)).json().forms).toEqual([]);
  });
});

describe("routing forms: the public calls", () => {
  it("shows a published form by link or id, without its routes; 404 for an unverified host and unknown links", async () => {
    const { form } = await hostWithForm();
    const bySlug = await call(t, "GET", `/api/form/${form.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toEqual({
      id: form.id,
      title: "Sales intake",
      description: "Tell us about you.",
      fields: form.fields.map(
        ({ prefill: _p, identifier: _i, ...field }: Record<string, unknown>) => field,
      ),
    });
    expect((await call(t, "GET", `/api/form/${form.id}`)).json().id).toBe(form.id);
    expect((await call(t, "GET", "/api/form/no-such-form")).statusCode).toBe(404);
    expect(await pageExists(t.database.db, `/RF/${form.slug}`)).toBe(true);
    expect(await pageExists(t.database.db, `/RF/${form.slug}/Sales`)).toBe(true);
    expect(await pageExists(t.database.db, "/RF/no-such-form")).toBe(false);

    const unverified = await signUpHost(t, {}, { verified: false });
    const type = await createEventType(t, unverified);
    const hidden = await call(t, "POST", "/api/routing-forms", unverified, formBody(type.id));
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect((await call(t, "GET", `/api/form/${hidden.json().slug}`)).statusCode).toBe(404);
    expect(await pageExists(t.database.db, `/RF/${hidden.json().slug}`)).toBe(false);
  });

  it("routes to the event type with the answers as prefill parameters, and links the booking made there", async () => {
    const { host, type, form } = await hostWithForm();
    const answered = await submit(
      form.slug,
      {
        fName: "Ann Lee",
        fMail: "ann@example.com",
        fSize: "250",
        fTopic: ["API", "Billing"],
        fPhone: "030 1234567",
      },
      { utm: { utm_source: "newsletter", utm_campaign: "spring" } },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const { responseId, action } = answered.json();
    expect(action.actionType).toBe("EVENT_TYPE");
    const url = new URL(action.url, "http://x");
    expect(url.pathname).toBe(`/${host.username}/${type.slug}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: "Ann Lee",
      email: "ann@example.com",
      c__size: "250",
      a1: "API,Billing",
      c__phone: "+49301234567",
      c__routing_response: responseId,
    });

    const booked = await bookOk(
      t,
      bookingBody(userLink(host, type), {
        routingResponseId: responseId,
        name: "Ann Lee",
        email: "ann@example.com",
      }),
    );
    const responses = (
      await call(t, "GET", `/api/routing-forms/${form.id}/responses`, host)
    ).json();
    expect(responses.total).toBe(1);
    expect(responses.responses[0]).toMatchObject({
      id: responseId,
      routeId: "big",
      actionType: "EVENT_TYPE",
      answers: { fName: "Ann Lee", fSize: 250, fTopic: ["API", "Billing"], fPhone: "+49301234567" },
      utm: { utm_source: "newsletter", utm_campaign: "spring" },
      booking: { eventId: booked.event.uuid, status: "CONFIRMED" },
    });

    // A second booking with the same response id links nothing more.
    await bookOk(
      t,
      bookingBody(userLink(host, type), {
        routingResponseId: responseId,
        start: "2027-01-04T09:00:00Z",
      }),
    );
    const again = (await call(t, "GET", `/api/routing-forms/${form.id}/responses`, host)).json();
    expect(again.responses[0].booking.eventId).toBe(booked.event.uuid);
  });

  it("redirects to the URL with answers appended, or shows the custom message; counts per route", async () => {
    const { host, form } = await hostWithForm();
    const api = await submit(form.id, { fName: "Bo", fMail: "bo@example.com", fTopic: ["API"] });
    expect(api.json().action).toEqual({
      actionType: "URL",
      url: "https://docs.example.com/api?from=rf&fullName=Bo&mail=bo%40example.com&topics=API",
    });
    const message = await submit(form.slug, { fName: "Cy", fMail: "cy@example.com", fSize: 3 });
    expect(message.json().action).toEqual({
      actionType: "MESSAGE",
      message: "Thanks, we will write to you.",
    });
    await submit(form.slug, { fName: "Di", fMail: "di@example.com" });
    const read = (await call(t, "GET", `/api/routing-forms/${form.id}`, host)).json();
    expect(read).toMatchObject({ responseCount: 3, routeCounts: { api: 1, fallback: 2 } });

    const filtered = (
      await call(
        t,
        "GET",
        `/api/routing-forms/${form.id}/responses?routeId=fallback&booked=false`,
        host,
      )
    ).json();
    expect(filtered.total).toBe(2);
    const none = (
      await call(t, "GET", `/api/routing-forms/${form.id}/responses?booked=true`, host)
    ).json();
    expect(none).toEqual({ responses: [], total: 0 });
    const later = (
      await call(
        t,
        "GET",
        `/api/routing-forms/${form.id}/responses?from=2030-01-01T00:00:00Z`,
        host,
      )
    ).json();
    expect(later.total).toBe(0);
    const bad = await call(t, "GET", `/api/routing-forms/${form.id}/responses?booked=maybe`, host);
    expect(bad.statusCode).toBe(422);
  });

  it("takes answers beyond the options for a dropdown that allows adding, and routes on them", async () => {
    const base = formBody(crypto.randomUUID());
    const fields = base.fields.map((field) =>
      field.id === "fTopic" ? { ...field, allowNewOptions: true } : field,
    );
    const { host, form } = await hostWithForm({
      fields,
      routes: [
        {
          id: "zapier",
          conditions: [{ fieldId: "fTopic", operator: "contains", value: ["Zapier"] }],
          action: { type: "MESSAGE", message: "Our integrations team will write." },
        },
        base.routes[2],
      ],
    });
    expect(form.fields[3]).toMatchObject({ id: "fTopic", allowNewOptions: true });
    const shown = (await call(t, "GET", `/api/form/${form.slug}`)).json();
    expect(shown.fields[3]).toMatchObject({ id: "fTopic", allowNewOptions: true });
    expect(shown.fields[0]).toMatchObject({ allowNewOptions: false });

    const added = await submit(form.slug, {
      fName: "Ed",
      fMail: "ed@example.com",
      fTopic: ["API", " zapier "],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().action).toEqual({
      actionType: "MESSAGE",
      message: "Our integrations team will write.",
    });
    const responses = (
      await call(t, "GET", `/api/routing-forms/${form.id}/responses`, host)
    ).json();
    expect(responses.responses[0]).toMatchObject({
      routeId: "zapier",
      answers: { fTopic: ["API", "zapier"] },
    });
    const tooLong = await submit(form.slug, {
      fName: "Ed",
      fMail: "ed@example.com",
      fTopic: ["x".repeat(201)],
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ "answers.fTopic": ["Invalid answer"] });

    // A form saved before the setting existed reads as not allowing new answers.
    await t.database.db.execute(
      sql`update routing_forms set fields = (select jsonb_agg(f - 'allowNewOptions') from jsonb_array_elements(fields) f) where id = ${form.id}`,
    );
    const old = (await call(t, "GET", `/api/routing-forms/${form.id}`, host)).json();
    expect(old.fields[3].allowNewOptions).toBe(false);
    const refused = await submit(form.slug, {
      fName: "Ed",
      fMail: "ed@example.com",
      fTopic: ["zapier"],
    });
    expect(refused.json().errors).toEqual({ "answers.fTopic": ["Please select an option"] });
  });

  it("takes a typed answer in a single-choice dropdown that allows adding, and routes on it", async () => {
    const base = formBody(crypto.randomUUID());
    const plan = {
      id: "fPlan",
      type: "SINGLE_SELECT",
      label: "Plan",
      identifier: "plan",
      options: ["Free", "Pro"],
      allowNewOptions: true,
    };
    const { host, form } = await hostWithForm({
      fields: [...base.fields, plan],
      routes: [
        {
          id: "custom",
          conditions: [{ fieldId: "fPlan", operator: "equals", value: "Enterprise" }],
          action: { type: "MESSAGE", message: "Sales will call you." },
        },
        base.routes[2],
      ],
    });
    expect(form.fields[5]).toMatchObject({ id: "fPlan", allowNewOptions: true });
    const shown = (await call(t, "GET", `/api/form/${form.slug}`)).json();
    expect(shown.fields[5]).toMatchObject({ id: "fPlan", allowNewOptions: true });

    const answers = { fName: "Ed", fMail: "ed@example.com" };
    const added = await submit(form.slug, { ...answers, fPlan: " Enterprise " });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().action).toEqual({ actionType: "MESSAGE", message: "Sales will call you." });
    const responses = (
      await call(t, "GET", `/api/routing-forms/${form.id}/responses`, host)
    ).json();
    expect(responses.responses[0]).toMatchObject({
      routeId: "custom",
      answers: { fPlan: "Enterprise" },
    });
    const list = await submit(form.slug, { ...answers, fPlan: ["Enterprise", "Pro"] });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({ "answers.fPlan": ["Invalid answer"] });

    // A form saved before the setting existed reads as not allowing new answers.
    await t.database.db.execute(
      sql`update routing_forms set fields = (select jsonb_agg(f - 'allowNewOptions') from jsonb_array_elements(fields) f) where id = ${form.id}`,
    );
    const old = (await call(t, "GET", `/api/routing-forms/${form.id}`, host)).json();
    expect(old.fields[5].allowNewOptions).toBe(false);
    const refused = await submit(form.slug, { ...answers, fPlan: "Enterprise" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ "answers.fPlan": ["Please select an option"] });
    const taken = await submit(form.slug, { ...answers, fPlan: "Pro" });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it("keeps a multiple-choice field's most answers, and refuses one out of range in the host's language", async () => {
    const host = await signUpHost(t);
    const base = formBody(crypto.randomUUID());
    const withMost = (maxSelected: unknown) =>
      base.fields.map((field) => (field.id === "fTopic" ? { ...field, maxSelected } : field));
    const refused = await call(t, "POST", "/api/routing-forms", host, {
      ...base,
      fields: withMost(0),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      "fields.3.maxSelected": ["Enter a whole number from 1 to 100, or leave it empty."],
    });
    const { form } = await hostWithForm({ fields: withMost(2) });
    expect(form.fields[3].maxSelected).toBe(2);
  });

  it("refuses a condition on an answer that is not an option when the dropdown does not allow adding", async () => {
    const host = await signUpHost(t);
    const base = formBody(crypto.randomUUID());
    const created = await call(t, "POST", "/api/routing-forms", host, {
      ...base,
      routes: [
        {
          id: "zapier",
          conditions: [{ fieldId: "fTopic", operator: "contains", value: ["Zapier"] }],
          action: { type: "MESSAGE", message: "x" },
        },
        base.routes[2],
      ],
    });
    expect(created.statusCode).toBe(422);
    expect(Object.keys(created.json().errors)).toEqual(["routes.0.conditions.0.value"]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(routingForms)
      .where(eq(routingForms.userId, host.id));
    expect(row?.n).toBe(0);
  });

  it("falls back when the routed event type is gone", async () => {
    const { host, type, form } = await hostWithForm();
    expect((await call(t, "DELETE", `/api/event-types/${type.id}`, host)).statusCode).toBe(204);
    const answered = await submit(form.slug, {
      fName: "Ann",
      fMail: "ann@example.com",
      fSize: 500,
    });
    expect(answered.json().action.actionType).toBe("MESSAGE");
  });

  it("refuses bad answers per field with the spec's messages and stores nothing", async () => {
    const { form } = await hostWithForm();
    const answered = await submit(form.slug, {
      fMail: "nope",
      fSize: "many",
      fTopic: ["Nope"],
      fPhone: "12",
    });
    expect(answered.statusCode).toBe(422);
    expect(answered.json().errors).toEqual({
      "answers.fName": ["Required"],
      "answers.fMail": ["Please enter a valid email address."],
      "answers.fSize": ["Invalid answer"],
      "answers.fTopic": ["Please select an option"],
      "answers.fPhone": ["Invalid phone number"],
    });
    const [row] = await t.database.db
      .select({ n: count() })
      .from(routingFormResponses)
      .where(eq(routingFormResponses.formId, form.id));
    expect(row?.n).toBe(0);
  });

  it("exports responses as CSV with a column per question", async () => {
    const { host, form } = await hostWithForm();
    await submit(form.slug, {
      fName: "=cmd|calc",
      fMail: "ann@example.com",
      fTopic: ["API", "Billing"],
    });
    const csv = await call(t, "GET", `/api/routing-forms/${form.id}/responses.csv`, host);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, line] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      "submitted_at,Your name,Email,Team size,Topics,Phone,route,action,booking_id,booking_start,utm_source,utm_medium,utm_campaign,utm_content,utm_term",
    );
    expect(line).toBe(
      `${BOOKING_NOW.toISOString()},'=cmd|calc,ann@example.com,,"API, Billing",,2,URL,,,,,,,`,
    );
  });

  it("limits submissions per address", async () => {
    const limited = await createTestApp({ bookingLimits: { perIp: 2, perEventType: 1000 } });
    const host = await signUpHost(limited);
    const type = await createEventType(limited, host);
    const form = (
      await call(limited, "POST", "/api/routing-forms", host, formBody(type.id))
    ).json();
    const answers = { answers: { fName: "A", fMail: "a@example.com" } };
    for (let i = 0; i < 2; i++) {
      expect(
        (await call(limited, "POST", `/api/form/${form.slug}`, undefined, answers)).statusCode,
      ).toBe(200);
    }
    const refused = await call(limited, "POST", `/api/form/${form.slug}`, undefined, answers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    await limited.close();
  });
});
