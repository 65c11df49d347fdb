import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenHash } from "../auth/secrets";
import { sealSecret } from "../crypto/credentialBox";
import { calendarConnections, connectedCalendars, microsoftSubscriptions } from "../db/schema";
import { signUpHost } from "../test/factories";
import { createTestApp } from "../test/testApp";
import { microsoftNotificationReceiver } from "./microsoftNotificationReceiver";

const t = await createTestApp();
const db = t.database.db;
const NOW = new Date("2027-01-04T06:00:00Z");
const LATER = new Date(NOW.getTime() + 300_000);

async function subscribedConnection(subscriptionId: string) {
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
    id: subscriptionId,
    connectionId: connection!.id,
    calendarId: calendar!.id,
    clientStateHash: tokenHash("the-client-state"),
    expiresAt: new Date(NOW.getTime() + 86_400_000),
  });
  return connection!;
}

const nextSyncOf = async (id: string) =>
  (
    await db
      .select({ at: calendarConnections.nextSyncAt })
      .from(calendarConnections)
      .where(eq(calendarConnections.id, id))
  )[0]!.at;

describe("microsoftNotificationReceiver", () => {
  it("makes the connection due for a live subscription with its clientState, and only then", async () => {
    const connection = await subscribedConnection("sub-1");
    const receive = (clientState: string | undefined, now = NOW, subscriptionId = "sub-1") =>
      microsoftNotificationReceiver(db, [{ subscriptionId, clientState }], now);
    expect(await receive("wrong")).toBe(0);
    expect(await receive(undefined)).toBe(0);
    expect(await receive("the-client-state", NOW, "sub-unknown")).toBe(0);
    // A lapsed subscription is not believed.
    expect(await receive("the-client-state", new Date(NOW.getTime() + 2 * 86_400_000))).toBe(0);
    expect(await nextSyncOf(connection.id)).toEqual(LATER);
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
    expect(await nextSyncOf(connection.id)).toEqual(NOW);
  });
});
