import { openSecret } from "../crypto/credentialBox";
import type { calendarConnections } from "../db/schema";
import { caldavSource } from "./caldavSource";
import type { CalendarSource } from "./calendarSource";
import { icsFeedSource } from "./icsFeedSource";

type ConnectionRow = typeof calendarConnections.$inferSelect;

/** The provider behind a stored connection, its credentials opened with the installation's key. */
export function connectionSource(connection: ConnectionRow, key: Buffer): CalendarSource {
  const secret = openSecret(key, connection.secret, connection.userId);
  if (connection.provider === "CALDAV") {
    return caldavSource({
      serverUrl: connection.serverUrl,
      username: connection.username,
      password: secret,
    });
  }
  return icsFeedSource(secret, connection.name);
}
