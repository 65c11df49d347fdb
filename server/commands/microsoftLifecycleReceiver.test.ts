import { describe, expect, it } from "vitest";
import { nextSyncOf, subscribedConnection } from "../calendars/testing/pushedConnection";
import { createTestApp } from "../test/testApp";
import { microsoftLifecycleReceiver } from "./microsoftLifecycleReceiver";

// Over HTTP against the Graph double: server/routes/calendarConnections/microsoftLifecycle.test.ts.

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const LATER = new Date(NOW.getTime() + 300_000);

describe("microsoftLifecycleReceiver", () => {
  it("believes a `missed` only with its live subscription's clientState, then makes the connection due", async () => {
    const connection = await subscribedConnection(t, "sub-life", {
      nextSyncAt: LATER,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
    });
    const context = {
      db,
      microsoft: null,
      encryptionKey: t.deps.config.encryptionKey,
      clock: () => NOW,
      publicUrl: t.deps.config.publicUrl,
    };
    const receive = (clientState: string) =>
      microsoftLifecycleReceiver(context, [
        { subscriptionId: "sub-life", clientState, lifecycleEvent: "missed" },
      ]);
    const nextSync = () => nextSyncOf(db, connection.id);
    expect(await receive("wrong")).toBe(0);
    expect(await nextSync()).toEqual(LATER);
    expect(await receive("the-client-state")).toBe(1);
    expect(await nextSync()).toEqual(NOW);
  });
});
