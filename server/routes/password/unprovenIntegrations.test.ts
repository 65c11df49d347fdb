import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { icsFile } from "../../calendars/testing/calendarFiles";
import { startFeedServer } from "../../calendars/testing/feedServer";
import {
  calendarConnections,
  connectedCalendars,
  outbox,
  teamInvitations,
  webhookDeliveries,
  webhooks,
} from "../../db/schema";
import type { MailPayload } from "../../mail/mailTypes";
import { createTeam, type Host, signUpHost } from "../../test/factories";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();
const { db } = t.database;
const feeds = await startFeedServer();
afterAll(() => feeds.stop());
feeds.serve("/calendar.ics", icsFile());

const send = (host: Host, method: "POST" | "PATCH", url: string, payload?: object) =>
  t.request({ method, url, headers: host.headers, ...(payload ? { payload } : {}) });

/**
 * A webhook with a waiting delivery and a CalDAV connection writing bookings into someone's
 * calendar, as an unverified account could make them before it was refused; with a team, a
 * team webhook it made and an invitation it sent that nobody answered.
 */
async function integrationsOf(userId: string, teamId: string) {
  const now = t.deps.clock();
  const hook = async (owner: { userId: string } | { teamId: string }) => {
    const [row] = await db
      .insert(webhooks)
      .values({
        ...owner,
        url: "http://127.0.0.1:9/elsewhere",
        events: ["booking.created"],
        secret: "sealed",
        createdBy: userId,
      })
      .returning();
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({ webhookId: row!.id, eventId: randomUUID(), event: "ping", body: "{}" })
      .returning();
    await db.insert(outbox).values({ kind: "webhook", payload: { deliveryId: delivery!.id } });
    return row!.id;
  };
  const hookIds = [await hook({ userId }), await hook({ teamId })];
  const [connection] = await db
    .insert(calendarConnections)
    .values({
      userId,
      provider: "CALDAV",
      name: "elsewhere",
      serverUrl: "http://127.0.0.1:9/dav/",
      username: "them",
      secret: "sealed",
    })
    .returning();
  await db.insert(connectedCalendars).values({
    connectionId: connection!.id,
    url: "http://127.0.0.1:9/dav/cal/",
    name: "Theirs",
    writeTarget: true,
  });
  const [invitation] = await db
    .insert(teamInvitations)
    .values({
      teamId,
      email: `friend-${randomBytes(4).toString("hex")}@example.com`,
      role: "admin",
      invitedBy: userId,
      tokenHash: randomBytes(16).toString("hex"),
      expiresAt: new Date(now.getTime() + 7 * 86_400_000),
    })
    .returning();
  return { hookIds, connectionId: connection!.id, invitationId: invitation!.id };
}

async function remaining(made: Awaited<ReturnType<typeof integrationsOf>>) {
  const hooks = await db.select().from(webhooks).where(inArray(webhooks.id, made.hookIds));
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, made.hookIds));
  const jobs = (await db.select().from(outbox).where(eq(outbox.kind, "webhook"))).filter((row) =>
    deliveries.some((d) => d.id === row.payload.deliveryId),
  );
  const calendars = await db
    .select()
    .from(connectedCalendars)
    .where(eq(connectedCalendars.connectionId, made.connectionId));
  const connections = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, made.connectionId));
  const invitations = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, made.invitationId));
  return {
    hooks: hooks.length,
    deliveries: deliveries.length,
    jobs: jobs.length,
    connections: connections.length,
    calendars: calendars.length,
    invitations: invitations.length,
  };
}

async function resetPassword(email: string, password: string) {
  await t.request({ method: "POST", url: "/api/auth/password-reset", payload: { email } });
  const rows = await db.select().from(outbox).where(eq(outbox.kind, "mail"));
  const mail = rows
    .map((row) => row.payload as unknown as MailPayload & { data: { url: string } })
    .filter((p) => p.template === "passwordReset" && p.to.email === email)
    .at(-1);
  expect(mail, `no reset mail to ${email}`).toBeDefined();
  const token = new URL(mail!.data.url).searchParams.get("token")!;
  const reset = await t.request({
    method: "POST",
    url: "/api/auth/password-reset/confirm",
    payload: { token, password },
  });
  expect(reset.statusCode, reset.body).toBe(204);
}

describe("an unverified account", () => {
  it("can neither point a webhook anywhere, connect a calendar nor invite to a team", async () => {
    const host = await signUpHost(t, {}, { verified: false });
    const team = await createTeam(t, host);
    const made = await integrationsOf(host.id, team.id);
    const [own] = made.hookIds;

    const answers = {
      ownWebhook: await send(host, "POST", "/api/webhooks", {
        url: "http://127.0.0.1:9/mine",
        events: ["booking.created"],
      }),
      teamWebhook: await send(host, "POST", "/api/webhooks", {
        url: "http://127.0.0.1:9/team",
        events: ["booking.created"],
        teamId: team.id,
      }),
      newWebhookUrl: await send(host, "PATCH", `/api/webhooks/${own}`, {
        url: "http://127.0.0.1:9/moved",
      }),
      ping: await send(host, "POST", `/api/webhooks/${own}/ping`),
      calDav: await send(host, "POST", "/api/calendar-connections", {
        provider: "CALDAV",
        serverUrl: "http://127.0.0.1:9/dav/",
        username: "them",
        password: "secret",
      }),
      ics: await send(host, "POST", "/api/calendar-connections", {
        provider: "ICS",
        url: `${feeds.url}/calendar.ics`,
      }),
      invitation: await send(host, "POST", `/api/teams/${team.id}/members`, {
        email: "someone@example.com",
        role: "member",
      }),
    };
    const refused = { status: 403, message: expect.stringMatching(/verify your email address/i) };
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([what, answer]) => [
          what,
          { status: answer.statusCode, message: answer.json().message },
        ]),
      ),
    ).toEqual(Object.fromEntries(Object.keys(answers).map((what) => [what, refused])));

    // What needs no address of its own still works: pausing its own webhook.
    const paused = await send(host, "PATCH", `/api/webhooks/${own}`, { active: false });
    expect(paused.statusCode, paused.body).toBe(200);
    const hooks = await db.select().from(webhooks).where(eq(webhooks.createdBy, host.id));
    expect(hooks.map((hook) => hook.url)).toEqual([
      "http://127.0.0.1:9/elsewhere",
      "http://127.0.0.1:9/elsewhere",
    ]);
    expect(
      await db.select().from(calendarConnections).where(eq(calendarConnections.userId, host.id)),
    ).toHaveLength(1);
  });

  it("once verified, can do all of it", async () => {
    const host = await signUpHost(t);
    const team = await createTeam(t, host);
    const created = await send(host, "POST", "/api/webhooks", {
      url: "http://127.0.0.1:9/mine",
      events: ["booking.created"],
      teamId: team.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const moved = await send(host, "PATCH", `/api/webhooks/${created.json().id}`, {
      url: "http://127.0.0.1:9/moved",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const ping = await send(host, "POST", `/api/webhooks/${created.json().id}/ping`);
    expect(ping.statusCode, ping.body).toBe(202);
    const connected = await send(host, "POST", "/api/calendar-connections", {
      provider: "ICS",
      url: `${feeds.url}/calendar.ics`,
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const invited = await send(host, "POST", `/api/teams/${team.id}/members`, {
      email: "someone@example.com",
      role: "member",
    });
    expect(invited.statusCode, invited.body).toBe(201);
  });
});

describe("an address's owner taking over the account someone registered on it", () => {
  it("removes the webhooks, calendar connections and invitations the squatter set up", async () => {
    const owner = `owner-${randomBytes(4).toString("hex")}@example.com`;
    const squatter = await signUpHost(t, { email: owner }, { verified: false });
    const team = await createTeam(t, squatter);
    const made = await integrationsOf(squatter.id, team.id);
    expect(await remaining(made)).toMatchObject({
      hooks: 2,
      deliveries: 2,
      jobs: 2,
      connections: 1,
      calendars: 1,
      invitations: 1,
    });

    await resetPassword(owner, "the owner's own one");

    expect(await remaining(made)).toMatchObject({
      hooks: 0,
      deliveries: 0,
      jobs: 0,
      connections: 0,
      calendars: 0,
      invitations: 0,
    });
  });

  it("keeps a verified host's integrations when they reset a forgotten password", async () => {
    const host = await signUpHost(t);
    const team = await createTeam(t, host);
    const made = await integrationsOf(host.id, team.id);

    await resetPassword(host.email, "a new one to remember");

    expect(await remaining(made)).toMatchObject({
      hooks: 2,
      deliveries: 2,
      jobs: 2,
      connections: 1,
      calendars: 1,
      invitations: 1,
    });
  });
});
