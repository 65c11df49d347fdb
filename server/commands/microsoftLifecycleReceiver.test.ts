import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { sealSecret } from "../crypto/credentialBox";
import { calendarConnections, connectedCalendars, microsoftSubscriptions } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { microsoftLifecycleReceiver } from "./microsoftLifecycleReceiver";

// Over HTTP against the Graph double: server/routes/calendarConnections/microsoftLifecycle.test.ts.

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const LATER = new Date(NOW.getTime() + 300_000);

describe("microsoftLifecycleReceiver", () => {
  it("believes a `missed` only with its live subscription's clientState, then makes the connection due", async () => {
    const host = await signUpHost(t);
    const [connection] = await db
      .insert(calendarConnections)
      .values({
        userId: host.id,
        provider: "MICROSOFT",
        name: "Outlook",
        serverUrl: "https://graph.microsoft.com",
        username: "a@contoso.example",
        secret: sealSecret(t.deps.config.encryptionKey, "{}", host.id),
        nextSyncAt: LATER,
      })
      .returning();
    const [calendar] = await db
      .insert(connectedCalendars)
      .values({ connectionId: connection!.id, url: "AAMkCal", name: "Calendar" })
      .returning();
    await db.insert(microsoftSubscriptions).values({
      id: "sub-life",
      connectionId: connection!.id,
      calendarId: calendar!.id,
      clientStateHash: tokenHash("the-client-state"),
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
    const nextSync = async () =>
      (
        await db
          .select({ at: calendarConnections.nextSyncAt })
          .from(calendarConnections)
          .where(eq(calendarConnections.id, connection!.id))
      )[0]!.at;
    expect(await receive("wrong")).toBe(0);
    expect(await nextSync()).toEqual(LATER);
    expect(await receive("the-client-state")).toBe(1);
    expect(await nextSync()).toEqual(NOW);
  });
});
