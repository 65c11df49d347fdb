import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runningClockFrom } from "../clock";
import { freePort } from "../test/freePort";
import { call, hostWithEventType } from "../test/httpHost";
import { startServerProcess } from "../test/serverProcess";
import { createTestDatabase } from "../test/testDatabase";
import { googleEventId } from "./google/googleSource";
import { CLIENT_ID, CLIENT_SECRET, startGoogleDouble } from "./testing/googleDouble";
import { MS_CLIENT_ID, MS_CLIENT_SECRET, startMicrosoftDouble } from "./testing/microsoftDouble";

/** The servers and the doubles start their clocks here and run on together. */
const START = new Date("2027-01-04T06:00:00Z");
const GOOGLE_CALENDAR = "host@example.com";
const MS_CALENDAR = "AAMkCal-default";

/** Resolves once `check` holds, asking again every 50 ms (the servers work on their own). */
async function until<T>(check: () => Promise<T | null | false>, what: string): Promise<T> {
  for (let tries = 0; tries < 600; tries++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe("two server processes on PostgreSQL receiving the same push", () => {
  it("act once on a Google push and a Microsoft notification telling of a deleted booked meeting", async () => {
    const clock = runningClockFrom(START);
    const google = await startGoogleDouble({ clock: clock.now });
    const ms = await startMicrosoftDouble({ clock: clock.now });
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), "slotted-push-"));
    onTestFinished(async () => {
      await google.stop();
      await ms.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database.close();
    });
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TEST_CLOCK_START: START.toISOString(),
      SESSION_SECRET: "push-two-processes-secret-push-two-processes",
      LOG_LEVEL: "error",
      DEV_MAILBOX: "true",
      SMTP_URL: "",
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_OAUTH_URL: google.url,
      GOOGLE_API_URL: google.url,
      MICROSOFT_CLIENT_ID: MS_CLIENT_ID,
      MICROSOFT_CLIENT_SECRET: MS_CLIENT_SECRET,
      MICROSOFT_LOGIN_URL: ms.url,
      MICROSOFT_GRAPH_URL: ms.url,
    };
    const servers = [await startServerProcess(env, { port }), await startServerProcess(env)];
    const [a] = servers;

    /** A host with a booked meeting written into the calendar of `provider`, cancel-on-delete on. */
    async function bookedHost(name: string, provider: "google" | "microsoft") {
      const host = await hostWithEventType(a!.base, name, { slug: "push" });
      const started = await call(
        a!.base,
        "POST",
        `/api/calendar-connections/${provider}/authorize`,
        undefined,
        host.token,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const consent =
        provider === "google" ? google.consent(started.body.url) : ms.consent(started.body.url);
      const answer = await fetch(consent, {
        headers: { authorization: `Bearer ${host.token}` },
        redirect: "manual",
      });
      expect(new URL(answer.headers.get("location")!).searchParams.get("oauth")).toBe("connected");
      const list = await call(a!.base, "GET", "/api/calendar-connections", undefined, host.token);
      const connection = list.body.connections.find(
        (c: { provider: string }) => c.provider === provider.toUpperCase(),
      );
      const on = await call(
        a!.base,
        "PATCH",
        `/api/calendar-connections/${connection.id}`,
        { cancelOnDelete: true },
        host.token,
      );
      expect(on.status).toBe(200);
      const booked = await call(a!.base, "POST", "/api/event", {
        userLink: name,
        eventTypeLink: "push",
        start: "2027-01-06T09:00:00.000Z",
        timezone: "UTC",
        name: "Pat",
        email: `pat-${name}@example.com`,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const eventId = booked.body.event.uuid as string;
      // The calendar worker of either process writes it.
      await until(
        async () =>
          (
            await database.query<{ n: number }>(
              "select count(*)::int as n from calendar_writes where event_id = $1",
              [eventId],
            )
          )[0]!.n === 1,
        `${name}'s meeting written`,
      );
      return { connectionId: connection.id as string, eventId };
    }

    const fromGoogle = await bookedHost("google-host", "google");
    const fromMicrosoft = await bookedHost("ms-host", "microsoft");
    expect(ms.validations).toContain(
      `${env.PUBLIC_URL}/api/calendar-connections/microsoft/notifications`,
    );

    // The hosts delete the meetings in their calendars; Google and Graph tell both processes.
    google.changeEvent(`${GOOGLE_CALENDAR}/${googleEventId(fromGoogle.eventId)}`, {
      status: "cancelled",
    });
    const msEvent = [...ms.events.values()].find((e) => e.transactionId === fromMicrosoft.eventId);
    ms.removeEvent(msEvent!.id);
    // Each server runs its own test clock: a read after the push is told by a changed time.
    const before = await database.query<{ at: Date }>(
      "select last_synced_at as at from calendar_connections where id in ($1, $2) order by id",
      [fromGoogle.connectionId, fromMicrosoft.connectionId],
    );
    // The pushes of the channel and subscription the connections keep (two processes syncing a
    // new connection at once may both have asked for one; Google and Graph stop telling an
    // address that refuses the other).
    const kept = await database.query<{ id: string }>(
      "select id::text as id from google_channels union all select id from microsoft_subscriptions",
    );
    const keptIds = new Set(kept.map((row) => row.id));
    const googlePushes = google
      .notificationsFor(GOOGLE_CALENDAR)
      .filter((push) => keptIds.has(push.headers["x-goog-channel-id"]!));
    const graphPushes = ms
      .notificationsFor(MS_CALENDAR, "deleted", msEvent!.id)
      .filter((push) =>
        keptIds.has(
          (push.body as { value: { subscriptionId: string }[] }).value[0]!.subscriptionId,
        ),
      );
    expect(googlePushes).toHaveLength(1);
    expect(graphPushes).toHaveLength(1);
    const answers = await Promise.all(
      servers.flatMap((server) => [
        fetch(`${server.base}${new URL(googlePushes[0]!.address).pathname}`, {
          method: "POST",
          headers: googlePushes[0]!.headers,
        }),
        fetch(`${server.base}${new URL(graphPushes[0]!.url).pathname}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(graphPushes[0]!.body),
        }),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual([204, 202, 204, 202]);

    // Both connections read again after the push, both bookings cancelled, every effect done.
    await until(async () => {
      const now = await database.query<{ at: Date }>(
        "select last_synced_at as at from calendar_connections where id in ($1, $2) order by id",
        [fromGoogle.connectionId, fromMicrosoft.connectionId],
      );
      const [state] = await database.query<{ cancelled: number; pending: number }>(
        `select
           (select count(*)::int from events where id in ($1, $2) and status = 'CANCELLED') as cancelled,
           (select count(*)::int from booking_changes where processed_at is null) as pending`,
        [fromGoogle.eventId, fromMicrosoft.eventId],
      );
      const read = now.every((row, i) => row.at.getTime() !== before[i]!.at.getTime());
      return read && state!.cancelled === 2 && state!.pending === 0;
    }, "both deletions acted on");

    for (const { eventId } of [fromGoogle, fromMicrosoft]) {
      const [counts] = await database.query<{ changes: number; mails: number }>(
        `select
           (select count(*)::int from booking_changes
             where event_id = $1 and kind = 'cancelled') as changes,
           (select count(*)::int from outbox o
             where o.kind = 'mail' and o.payload->>'template' = 'bookingCancelled'
               and o.payload->'data'->>'uid' = $2
               and o.payload->'data'->>'role' = 'invitee') as mails`,
        [eventId, `${eventId}@slotted`],
      );
      expect(counts!.changes).toBe(1);
      expect(counts!.mails).toBe(1);
    }
  }, 240_000);
});
