import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { microsoftSubscriptions } from "../../db/schema";
import { BOOKING_NOW } from "../../test/bookingFactories";
import { signUpHost } from "../../test/factories";
import { microsoftTestApp } from "../testing/microsoftTestApp";
import { MICROSOFT_LIFECYCLE_PATH, SUBSCRIPTION_TTL_MS } from "./microsoftSubscriptions";

// A Graph subscription made before Slotted asked for lifecycle notifications has no
// lifecycleNotificationUrl, and Graph lets no PATCH add one: when it is due for renewal it is
// replaced by a new one, made before the old is deleted so that a change in between is told
// through one of them at least. Against the Microsoft double, which holds both meanwhile.

const { ms, t, setNow, now, connectMicrosoft, sync } = await microsoftTestApp();
const CAL = "AAMkCal-ada";
const DAY = 86_400_000;
const LIFECYCLE_URL = `http://localhost:3000${MICROSOFT_LIFECYCLE_PATH}`;

/** Graph's subscriptions from the `since`th on that still deliver, by id. */
const live = (since: number) =>
  ms.subscriptions
    .slice(since)
    .filter((s) => !s.deleted && Date.parse(s.expirationDateTime) > now().getTime())
    .map((s) => s.id)
    .sort();

async function rowsOf(connectionId: string) {
  const rows = await t.database.db
    .select()
    .from(microsoftSubscriptions)
    .where(eq(microsoftSubscriptions.connectionId, connectionId));
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/** A host whose subscription is as one made before lifecycle notifications: none at Graph, none recorded. */
async function hostWithOldSubscription() {
  setNow(BOOKING_NOW);
  const host = await signUpHost(t);
  const connection = await connectMicrosoft(host);
  const [row] = await rowsOf(connection.id);
  const since = ms.subscriptions.findIndex((s) => s.id === row!.id);
  const old = ms.subscriptions[since]!;
  old.lifecycleNotificationUrl = undefined;
  await t.database.db
    .update(microsoftSubscriptions)
    .set({ lifecycleNotifications: false })
    .where(eq(microsoftSubscriptions.id, old.id));
  return { host, connection, old, since };
}

const dueForRenewal = () => new Date(BOOKING_NOW.getTime() + SUBSCRIPTION_TTL_MS - DAY + 60_000);

describe("a subscription without lifecycle notifications", () => {
  it("is kept as it is until due for renewal, then replaced: made anew first, the old deleted once both deliver", async () => {
    const { host, connection, old, since } = await hostWithOldSubscription();
    const posts = () => ms.requests.filter((r) => r === "POST /v1.0/subscriptions").length;
    const made = posts();
    setNow(new Date(BOOKING_NOW.getTime() + DAY));
    await sync(host, connection.id);
    expect(posts()).toBe(made);
    expect(live(since)).toEqual([old.id]);

    setNow(dueForRenewal());
    // The old one's delete fails this time: the replacement stops half-way, both live.
    ms.failOn(`DELETE /v1.0/subscriptions/${old.id}`, 4, 503);
    await sync(host, connection.id);
    expect(posts()).toBe(made + 1);
    const fresh = ms.subscriptions.at(-1)!;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.lifecycleNotificationUrl).toBe(LIFECYCLE_URL);
    expect(ms.requests.lastIndexOf("POST /v1.0/subscriptions")).toBeLessThan(
      ms.requests.lastIndexOf(`DELETE /v1.0/subscriptions/${old.id}`),
    );
    expect(live(since)).toEqual([old.id, fresh.id].sort());
    expect((await rowsOf(connection.id)).map((r) => [r.id, r.lifecycleNotifications])).toEqual(
      [
        [old.id, false],
        [fresh.id, true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // A change in the calendar meanwhile comes through both, and both are believed.
    expect(await ms.notify(CAL, "updated", "AAMkEv-overlap")).toEqual([202, 202]);

    // The next sync finishes it: the old one deleted, the new one kept as it is.
    await sync(host, connection.id);
    expect(live(since)).toEqual([fresh.id]);
    expect((await rowsOf(connection.id)).map((r) => r.id)).toEqual([fresh.id]);
    expect(ms.requests).not.toContain(`PATCH /v1.0/subscriptions/${fresh.id}`);
    expect(posts()).toBe(made + 1);
    expect(await ms.notify(CAL, "updated", "AAMkEv-after")).toEqual([202]);
  });

  it("is replaced in one sync when Graph answers: never renewed by a PATCH, which cannot add the URL", async () => {
    const { host, connection, old, since } = await hostWithOldSubscription();
    setNow(dueForRenewal());
    await sync(host, connection.id);
    expect(ms.requests).not.toContain(`PATCH /v1.0/subscriptions/${old.id}`);
    const [row] = await rowsOf(connection.id);
    expect(row).toMatchObject({ lifecycleNotifications: true });
    expect(row!.id).not.toBe(old.id);
    expect(live(since)).toEqual([row!.id]);
    expect(ms.subscriptions.find((s) => s.id === row!.id)!.lifecycleNotificationUrl).toBe(
      LIFECYCLE_URL,
    );
    expect(ms.subscriptions.find((s) => s.id === old.id)!.deleted).toBe(true);
  });

  it("is renewed as it is when its replacement cannot be made, so notifications keep coming", async () => {
    const { host, connection, old, since } = await hostWithOldSubscription();
    const at = dueForRenewal();
    setNow(at);
    ms.failOn("POST /v1.0/subscriptions", 4, 503);
    await sync(host, connection.id);
    expect(live(since)).toEqual([old.id]);
    const [row] = await rowsOf(connection.id);
    expect(row).toMatchObject({
      id: old.id,
      lifecycleNotifications: false,
      expiresAt: new Date(at.getTime() + SUBSCRIPTION_TTL_MS),
    });
  });
});
