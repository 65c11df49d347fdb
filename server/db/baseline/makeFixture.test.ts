// Makes the 0.1.0 fixture: a database of the baseline's migrations filled, through the 0.1.0
// app itself, with every kind of data a team keeps, written as a Slotted backup beside this
// file. It ran once, at the commit that cut 0.1.0 (this code is that release's; later code may
// not run it): MAKE_BASELINE_FIXTURE=1 npx vitest run server/db/baseline/makeFixture.test.ts
// upgrade.test.ts migrates the stored file to the current code and reads it all back.

import { createWriteStream, writeFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { sealSecret } from "../../crypto/credentialBox";
import { makeDueRefunds } from "../../payments/paymentWorker";
import { paymentGatewayOf } from "../../payments/stripeGateway";
import {
  BOOKING_NOW,
  berlinSlot,
  bookingBody,
  bookOk,
  teamEventType,
  userLink,
} from "../../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../../test/factories";
import { multipartForm, TINY_PNG } from "../../test/multipart";
import { SUCCEEDS, startStripeDouble } from "../../test/stripeDouble";
import { createTestApp } from "../../test/testApp";
import { writeBackup } from "../logicalBackup";
import {
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  webhookDeliveries,
} from "../schema";
import { BASELINE_FIXTURE, type FixtureManifest, MANIFEST } from "./fixtureFiles";

describe.runIf(process.env.MAKE_BASELINE_FIXTURE)("the 0.1.0 fixture", () => {
  it("is made through the 0.1.0 app and written as a backup", { timeout: 300_000 }, async () => {
    const stripe = await startStripeDouble();
    afterAll(() => stripe.stop());
    const t = await createTestApp({
      stripe: stripe.config,
      bookingLimits: { perIp: 0, perEventType: 0 },
    });
    t.setNow(BOOKING_NOW);
    const db = t.database.db;
    const call = async (
      host: Host | null,
      method: "GET" | "POST" | "PUT" | "PATCH",
      url: string,
      payload?: object,
      status = [200, 201, 204],
    ) => {
      const response = await t.request({
        method,
        url,
        ...(host ? { headers: host.headers } : {}),
        ...(payload ? { payload } : {}),
      });
      expect(status, `${method} ${url}: ${response.body}`).toContain(response.statusCode);
      return response.body ? response.json() : null;
    };

    const ana = await signUpHost(t, {
      email: "ana@example.com",
      username: "ana",
      name: "Ana Host",
    });
    const ben = await signUpHost(t, {
      email: "ben@example.com",
      username: "ben",
      name: "Ben Host",
    });
    const cy = await signUpHost(t, { email: "cy@example.com", username: "cy", name: "Cy Host" });
    const manifest: FixtureManifest = {
      password: "correct horse battery",
      hosts: { ana: ana.email, ben: ben.email, cy: cy.email },
      apiToken: "",
      eventTypes: {},
      bookings: {},
      pages: [],
      forms: {},
      webhooks: 0,
      workflows: 0,
      calendarConnections: [],
      upload: "",
    };
    const remember = (name: string, answer: { event: { uuid: string; status: string } }) => {
      manifest.bookings[name] = {
        uuid: answer.event.uuid,
        host: "ana",
        status: answer.event.status,
      };
    };

    // One-on-one: confirmed, cancelled by the invitee, rescheduled by the invitee.
    const intro = await createEventType(t, ana, { title: "Intro call", slug: "intro" });
    manifest.eventTypes.intro = intro.id;
    remember(
      "oneOnOne",
      await bookOk(t, bookingBody(userLink(ana, intro), { start: berlinSlot(1, "09:00") })),
    );
    const toCancel = await bookOk(
      t,
      bookingBody(userLink(ana, intro), { start: berlinSlot(1, "10:00") }),
    );
    await call(
      null,
      "PUT",
      `/api/event/uuid/${toCancel.attendee.uuid}/cancel?token=${encodeURIComponent(toCancel.attendee.token)}`,
      { cancellation_reason: "Ill" },
    );
    manifest.bookings.cancelled = { uuid: toCancel.event.uuid, host: "ana", status: "CANCELLED" };
    const toMove = await bookOk(
      t,
      bookingBody(userLink(ana, intro), { start: berlinSlot(1, "11:00") }),
    );
    const moved = await call(null, "POST", "/api/event/reschedule", {
      attendeeUuid: toMove.attendee.uuid,
      token: toMove.attendee.token,
      start: berlinSlot(2, "11:00"),
      timezone: "Europe/Berlin",
      reason: "Clash",
    });
    manifest.bookings.rescheduled = { uuid: moved.event.uuid, host: "ana", status: "CONFIRMED" };

    // Group seats: three invitees in one meeting.
    const workshop = await createEventType(t, ana, {
      title: "Workshop",
      slug: "workshop",
      kind: "GROUP",
      seats: 5,
    });
    manifest.eventTypes.workshop = workshop.id;
    let seated = null;
    for (let i = 0; i < 3; i += 1) {
      seated = await bookOk(
        t,
        bookingBody(userLink(ana, workshop), { start: berlinSlot(3, "14:00") }),
      );
    }
    remember("group", seated!);

    // A recurring weekly series of four.
    const weekly = await createEventType(t, ana, {
      title: "Weekly coaching",
      slug: "weekly",
      recurrence: { everyWeeks: 1, maxOccurrences: 6 },
    });
    manifest.eventTypes.weekly = weekly.id;
    remember(
      "series",
      await bookOk(
        t,
        bookingBody(userLink(ana, weekly), { start: berlinSlot(4, "09:00"), occurrences: 4 }),
      ),
    );

    // Requests: one approved, one declined, one waiting.
    const consult = await createEventType(t, ana, {
      title: "Consult",
      slug: "consult",
      requiresApproval: true,
    });
    manifest.eventTypes.consult = consult.id;
    const approved = await bookOk(
      t,
      bookingBody(userLink(ana, consult), { start: berlinSlot(1, "13:00") }),
    );
    await call(ana, "POST", `/api/bookings/${approved.event.uuid}/approve`, {});
    manifest.bookings.approved = { uuid: approved.event.uuid, host: "ana", status: "CONFIRMED" };
    const declined = await bookOk(
      t,
      bookingBody(userLink(ana, consult), { start: berlinSlot(1, "14:00") }),
    );
    await call(ana, "POST", `/api/bookings/${declined.event.uuid}/decline`, {
      reason: "Fully booked",
    });
    manifest.bookings.declined = { uuid: declined.event.uuid, host: "ana", status: "CANCELLED" };
    remember(
      "pending",
      await bookOk(t, bookingBody(userLink(ana, consult), { start: berlinSlot(1, "15:00") })),
    );

    // Paid: one paid, one paid then refunded by the host.
    const paidType = await createEventType(t, ana, {
      title: "Paid session",
      slug: "paid",
      price: { amount: 2500, currency: "EUR" },
    });
    manifest.eventTypes.paid = paidType.id;
    const pay = async (start: string) => {
      const answer = await bookOk(t, bookingBody(userLink(ana, paidType), { start }));
      const intent = answer.event.payment!.paymentIntent;
      stripe.confirm(intent, SUCCEEDS);
      const signed = stripe.webhook("payment_intent.succeeded", intent, {
        timestamp: Math.floor(BOOKING_NOW.getTime() / 1000),
      });
      const hook = await t.request({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        payload: signed.body,
      });
      expect(hook.statusCode, hook.body).toBe(200);
      return answer;
    };
    const paid = await pay(berlinSlot(2, "09:00"));
    manifest.bookings.paid = { uuid: paid.event.uuid, host: "ana", status: "CONFIRMED" };
    const refunded = await pay(berlinSlot(2, "10:00"));
    await call(ana, "POST", `/api/bookings/${refunded.event.uuid}/refund`, {});
    const refundsMade = await makeDueRefunds({
      database: t.database,
      gateway: paymentGatewayOf(t.deps.config)!,
      publicUrl: t.deps.config.publicUrl,
      secret: t.deps.config.sessionSecret,
      clock: t.deps.clock,
    });
    expect(refundsMade).toBe(1);
    manifest.bookings.refunded = { uuid: refunded.event.uuid, host: "ana", status: "CONFIRMED" };

    // Team kinds: collective (all three), round robin (one of two).
    const collective = await teamEventType(t, "COLLECTIVE", [ana, ben, cy], {
      title: "Panel",
      slug: "panel",
    });
    manifest.eventTypes.collective = collective.id;
    remember(
      "collective",
      await bookOk(
        t,
        bookingBody({ sharedLink: collective.sharedLink }, { start: berlinSlot(8, "10:00") }),
      ),
    );
    const roundRobin = await teamEventType(t, "ROUND_ROBIN", [ana, ben], {
      title: "Support",
      slug: "support",
    });
    manifest.eventTypes.roundRobin = roundRobin.id;
    const rr = await bookOk(
      t,
      bookingBody({ sharedLink: roundRobin.sharedLink }, { start: berlinSlot(9, "10:00") }),
    );
    manifest.bookings.roundRobin = {
      uuid: rr.event.uuid,
      host: rr.event.hosts[0]!.username as "ana" | "ben",
      status: rr.event.status,
    };

    // A page with blocks and an uploaded image.
    const body = multipartForm([
      {
        name: "components",
        value: JSON.stringify({
          blocks: [
            {
              id: "h",
              kind: "headline",
              text: "Welcome",
              layout: { x: 0, y: 0, w: 4, h: 1 },
              visible: true,
            },
            {
              id: "n",
              kind: "note",
              html: "<p><b>Hello</b></p>",
              layout: { x: 0, y: 1, w: 4, h: 1 },
              visible: true,
            },
            {
              id: "m",
              kind: "media",
              mediaKind: "image",
              uploadId: null,
              alt: "Me",
              layout: { x: 0, y: 2, w: 2, h: 1 },
              visible: true,
            },
            {
              id: "e",
              kind: "event",
              eventTypeId: intro.id,
              layout: { x: 0, y: 3, w: 4, h: 1 },
              visible: true,
            },
          ],
        }),
      },
      { name: "file-m", file: TINY_PNG, filename: "me.png" },
    ]);
    const page = await t.request({
      method: "POST",
      url: `/api/page/${ana.username}`,
      headers: { ...ana.headers, ...body.headers },
      payload: body.payload,
    });
    expect(page.statusCode, page.body).toBe(200);
    manifest.pages.push(ana.username);
    manifest.upload = page.json().blocks[2].uploadId;

    // A routing form with two responses, one of them booked.
    const form = await call(ana, "POST", "/api/routing-forms", {
      title: "Sales intake",
      slug: "sales",
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
      ],
      routes: [
        {
          id: "big",
          conditions: [{ fieldId: "fSize", operator: "greater_than", value: 100 }],
          action: { type: "EVENT_TYPE", eventTypeId: intro.id },
        },
        { id: "fallback", isFallback: true, action: { type: "MESSAGE", message: "Thanks." } },
      ],
    });
    manifest.forms.sales = form.id;
    await call(null, "POST", "/api/form/sales", {
      answers: { fName: "Ann", fMail: "ann@example.com", fSize: 500 },
      timezone: "Europe/Berlin",
    });
    await call(null, "POST", "/api/form/sales", {
      answers: { fName: "Cy", fMail: "cy@example.org", fSize: 3 },
      timezone: "Europe/Berlin",
    });

    // A webhook and a workflow, subscribed before the last bookings so they have deliveries and runs.
    await call(ana, "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["booking.created", "booking.cancelled", "booking.rescheduled"],
    });
    manifest.webhooks = 1;
    await call(ana, "POST", "/api/workflows", {
      eventTypeId: intro.id,
      name: "Thanks",
      trigger: "created",
      steps: [{ action: "email_invitee", subject: "Hi", body: "Booked {event_title}" }],
    });
    manifest.workflows = 1;
    remember(
      "afterHooks",
      await bookOk(t, bookingBody(userLink(ana, intro), { start: berlinSlot(10, "09:00") })),
    );
    const late = await bookOk(
      t,
      bookingBody(userLink(ana, intro), { start: berlinSlot(10, "10:00") }),
    );
    await call(ana, "PUT", `/api/event/uuid/${late.event.uuid}/cancel`, {
      cancellation_reason: "Away",
    });
    manifest.bookings.cancelledByHost = { uuid: late.event.uuid, host: "ana", status: "CANCELLED" };
    // One delivery went out and was answered.
    await db.execute(sql`update ${webhookDeliveries} set status = 'delivered', attempts = 1,
      response_status = 200, delivered_at = ${BOOKING_NOW} where ${webhookDeliveries.seq} = (select min(seq) from ${webhookDeliveries})`);

    // An API token.
    manifest.apiToken = (await call(ana, "POST", "/api/me/tokens", { name: "CRM sync" })).token;

    // Calendar connections of each provider, secrets sealed as the app seals them (rows only:
    // no calendar server answers here), with a calendar write for the first booking.
    const key = t.deps.config.encryptionKey;
    const oauth = JSON.stringify({
      accessToken: "at",
      refreshToken: "rt",
      expiresAt: BOOKING_NOW.getTime(),
    });
    const providers = [
      ["CALDAV", "https://dav.example.com/", "ana", "dav-password"],
      ["ICS", "https://feeds.example.com", "", "https://feeds.example.com/ana.ics"],
      ["GOOGLE", "https://calendar.google.com", "", oauth],
      ["MICROSOFT", "https://graph.microsoft.com", "", oauth],
    ] as const;
    for (const [provider, serverUrl, username, secret] of providers) {
      const [connection] = await db
        .insert(calendarConnections)
        .values({
          userId: ana.id,
          provider,
          name: `${provider} · ana`,
          serverUrl,
          username,
          secret: sealSecret(key, secret, ana.id),
          lastSyncedAt: BOOKING_NOW,
          createdAt: BOOKING_NOW,
        })
        .returning();
      const [calendar] = await db
        .insert(connectedCalendars)
        .values({
          connectionId: connection!.id,
          url: `${serverUrl}/cal/${provider.toLowerCase()}`,
          name: "Work",
          writeTarget: provider !== "ICS",
          readOnly: provider === "ICS",
        })
        .returning();
      if (provider === "CALDAV") {
        await db.insert(calendarWrites).values({
          eventId: manifest.bookings.oneOnOne!.uuid,
          userId: ana.id,
          calendarId: calendar!.id,
          href: `${serverUrl}cal/caldav/${manifest.bookings.oneOnOne!.uuid}.ics`,
          etag: '"1"',
        });
      }
      manifest.calendarConnections.push({ provider, secret });
    }
    expect(
      (await db.select().from(calendarConnections).where(eq(calendarConnections.userId, ana.id)))
        .length,
    ).toBe(4);

    const out = createWriteStream(BASELINE_FIXTURE);
    await writeBackup(t.database, out, BOOKING_NOW);
    writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  });
});
