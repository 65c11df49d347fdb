import { eq } from "drizzle-orm";
import { tokenHash } from "../../auth/secrets";
import { sealSecret } from "../../crypto/credentialBox";
import type { Db } from "../../db/database";
import { calendarConnections, connectedCalendars, microsoftSubscriptions } from "../../db/schema";
import { signUpHost } from "../../test/factories";
import type { TestApp } from "../../test/testApp";

/** The account each provider's push tests connect: as the provider names it and its calendar. */
const ACCOUNTS = {
  GOOGLE: {
    name: "Google",
    serverUrl: "https://calendar.google.com",
    username: "a@example.com",
    calendar: { url: "a@example.com", name: "A" },
  },
  MICROSOFT: {
    name: "Outlook",
    serverUrl: "https://graph.microsoft.com",
    username: "a@contoso.example",
    calendar: { url: "AAMkCal", name: "Calendar" },
  },
} as const;

/**
 * What the push receivers' tests share: a new host's `provider` connection (its tokens an empty
 * sealed secret) with one calendar, next synced at `nextSyncAt`, as stored rows; the test adds
 * the channel or subscription a push names.
 */
export async function pushedConnection(
  t: TestApp,
  provider: keyof typeof ACCOUNTS,
  nextSyncAt: Date,
) {
  const { calendar: calendarRow, ...account } = ACCOUNTS[provider];
  const host = await signUpHost(t);
  const db = t.database.db;
  const [connection] = await db
    .insert(calendarConnections)
    .values({
      userId: host.id,
      provider,
      ...account,
      secret: sealSecret(t.deps.config.encryptionKey, "{}", host.id),
      nextSyncAt,
    })
    .returning();
  const [calendar] = await db
    .insert(connectedCalendars)
    .values({ connectionId: connection!.id, ...calendarRow })
    .returning();
  return { connection: connection!, calendar: calendar! };
}

/**
 * A new host's Microsoft connection as above with Graph's subscription `id` to its calendar, its
 * clientState "the-client-state", live until `expiresAt`.
 */
export async function subscribedConnection(
  t: TestApp,
  id: string,
  { nextSyncAt, expiresAt }: { nextSyncAt: Date; expiresAt: Date },
) {
  const { connection, calendar } = await pushedConnection(t, "MICROSOFT", nextSyncAt);
  await t.database.db.insert(microsoftSubscriptions).values({
    id,
    connectionId: connection.id,
    calendarId: calendar.id,
    clientStateHash: tokenHash("the-client-state"),
    expiresAt,
  });
  return connection;
}

/** When the connection `id` is next synced. */
export async function nextSyncOf(db: Db, id: string) {
  const [row] = await db
    .select({ at: calendarConnections.nextSyncAt })
    .from(calendarConnections)
    .where(eq(calendarConnections.id, id));
  return row!.at;
}
