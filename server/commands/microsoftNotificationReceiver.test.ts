import { describe, expect, it } from "vitest";
import { nextSyncOf, subscribedConnection } from "../calendars/testing/pushedConnection";
import { createTestApp } from "../test/testApp";
import { microsoftNotificationReceiver } from "./microsoftNotificationReceiver";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const LATER = new Date(NOW.getTime() + 300_000);

describe("microsoftNotificationReceiver", () => {
  it("makes the connection due for a live subscription with its clientState, and only then", async () => {
    const connection = await subscribedConnection(t, "sub-1", {
      nextSyncAt: LATER,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
    });
    const receive = (clientState: string | undefined, now = NOW, subscriptionId = "sub-1") =>
      microsoftNotificationReceiver(db, [{ subscriptionId, clientState }], now);
    expect(await receive("wrong")).toBe(0);
    expect(await receive(undefined)).toBe(0);
    expect(await receive("the-client-state", NOW, "sub-unknown")).toBe(0);
    // A lapsed subscription is not believed.
    expect(await receive("the-client-state", new Date(NOW.getTime() + 2 * 86_400_000))).toBe(0);
    expect(await nextSyncOf(db, connection.id)).toEqual(LATER);
    expect(
      await microsoftNotificationReceiver(
        db,
        [
          { subscriptionId: "sub-1", clientState: "the-client-state" },
          { subscriptionId: "sub-1", clientState: "forged" },
        ],
        NOW,
      ),
    ).toBe(1);
    expect(await nextSyncOf(db, connection.id)).toEqual(NOW);
  });
});
