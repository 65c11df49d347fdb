import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startCalendarWorker } from "../../calendars/calendarWorker";
import { SUBSCRIPTION_TTL_MS } from "../../calendars/microsoft/microsoftSubscriptions";
import { microsoftTestApp } from "../../calendars/testing/microsoftTestApp";
import { calendarDeletionCanceller } from "../../commands/calendarDeletionCanceller";
import { calendarConnections, microsoftSubscriptions } from "../../db/schema";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { signUpHost } from "../../test/factories";

// Graph's lifecycle notifications (lifecycleNotificationUrl), sent by the double over HTTP to
// the app: each is believed only with its subscription's clientState, and acted on as
// Microsoft advises.

const { ms, t, setNow, connectMicrosoft, validationRequest } = await microsoftTestApp();
const LIFECYCLE = "/api/calendar-connections/microsoft/lifecycle";
const HOUR = 3_600_000;

const nextSyncOf = async (id: string) =>
  (
    await t.database.db
      .select({ at: calendarConnections.nextSyncAt })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, id))
  )[0]!.at;

async function subscriptionsOf(connectionId: string) {
  return t.database.db
    .select()
    .from(microsoftSubscriptions)
    .where(eq(microsoftSubscriptions.connectionId, connectionId));
}

/** One pass of the calendar worker: the due connections are read. */
async function workerPass() {
  const worker = startCalendarWorker({
    database: t.database,
    encryptionKey: t.deps.config.encryptionKey,
    allowPrivate: true,
    publicUrl: t.deps.config.publicUrl,
    microsoft: t.deps.config.microsoft,
    cancelBooking: calendarDeletionCanceller(t.database.db, t.deps.config.publicUrl),
    clock: t.deps.clock,
    pollMs: 3_600_000,
  });
  try {
    await worker.pass();
  } finally {
    await worker.stop();
  }
}

describe("Graph lifecycle notifications", async () => {
  setNow(BOOKING_NOW);
  const host = await signUpHost(t);
  const connection = await connectMicrosoft(host);
  const live = () => ms.subscriptions.filter((s) => !s.deleted);

  it("are asked for with each subscription, at a URL that answered Graph's validation", async () => {
    const [subscription] = live();
    expect(subscription!.lifecycleNotificationUrl).toBe(`http://localhost:3000${LIFECYCLE}`);
    expect(ms.validations).toContain(`http://localhost:3000${LIFECYCLE}`);
    const answer = await validationRequest(LIFECYCLE, "Validation: abc");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).toBe("Validation: abc");
  });

  it("one with a wrong clientState is refused (403) and changes nothing", async () => {
    const [subscription] = live();
    const requests = ms.requests.length;
    const due = await nextSyncOf(connection.id);
    for (const event of ["reauthorizationRequired", "missed"] as const) {
      expect(await ms.lifecycle(subscription!.id, event, "not-the-client-state")).toBe(403);
    }
    // (The double drops a subscription it tells removed: this one is posted by hand.)
    const removed = await t.request({
      method: "POST",
      url: LIFECYCLE,
      payload: {
        value: [
          {
            subscriptionId: subscription!.id,
            clientState: "not-the-client-state",
            lifecycleEvent: "subscriptionRemoved",
          },
        ],
      },
    });
    expect(removed.statusCode).toBe(403);
    expect(ms.requests.length).toBe(requests);
    expect(await nextSyncOf(connection.id)).toEqual(due);
    expect((await subscriptionsOf(connection.id)).map((s) => s.id)).toEqual([subscription!.id]);
  });

  it("reauthorizationRequired renews the subscription (PATCH expirationDateTime)", async () => {
    setNow(new Date(BOOKING_NOW.getTime() + 6 * HOUR));
    const [subscription] = live();
    expect(await ms.lifecycle(subscription!.id, "reauthorizationRequired")).toBe(202);
    expect(ms.requests.at(-1)).toBe(`PATCH /v1.0/subscriptions/${subscription!.id}`);
    const expected = new Date(BOOKING_NOW.getTime() + 6 * HOUR + SUBSCRIPTION_TTL_MS);
    expect(subscription!.expirationDateTime).toBe(expected.toISOString());
    const [row] = await subscriptionsOf(connection.id);
    expect(row).toMatchObject({ id: subscription!.id, expiresAt: expected });
  });

  it("missed makes the connection due, and the worker reads the changes by delta", async () => {
    const now = new Date(BOOKING_NOW.getTime() + 7 * HOUR);
    setNow(now);
    // Read just now: not due for another five minutes.
    await workerPass();
    const [subscription] = live();
    expect(await nextSyncOf(connection.id)).not.toEqual(now);
    expect(await ms.lifecycle(subscription!.id, "missed")).toBe(202);
    expect(await nextSyncOf(connection.id)).toEqual(now);
    const since = ms.deltaReads.length;
    await workerPass();
    expect(ms.deltaReads.slice(since)).toEqual(["changes"]);
  });

  it("subscriptionRemoved makes a new subscription, then the worker reads the changes by delta", async () => {
    const now = new Date(BOOKING_NOW.getTime() + 8 * HOUR);
    setNow(now);
    await workerPass();
    expect(await nextSyncOf(connection.id)).not.toEqual(now);
    const [removed] = live();
    expect(await ms.lifecycle(removed!.id, "subscriptionRemoved")).toBe(202);
    const [made] = live();
    expect(made).toBeDefined();
    expect(made!.id).not.toBe(removed!.id);
    expect(made!.lifecycleNotificationUrl).toBe(`http://localhost:3000${LIFECYCLE}`);
    expect((await subscriptionsOf(connection.id)).map((s) => s.id)).toEqual([made!.id]);
    expect(await nextSyncOf(connection.id)).toEqual(now);
    const since = ms.deltaReads.length;
    await workerPass();
    expect(ms.deltaReads.slice(since)).toEqual(["changes"]);
    // The new subscription's notifications are believed.
    expect(await ms.lifecycle(made!.id, "missed")).toBe(202);
  });
});
