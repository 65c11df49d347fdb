import { openSecret } from "../crypto/credentialBox";
import type { calendarConnections } from "../db/schema";
import { caldavSource } from "./caldavSource";
import type { CalendarSource } from "./calendarSource";
import { icsFeedSource } from "./icsFeedSource";

type ConnectionRow = typeof calendarConnections.$inferSelect;

/**
 * The provider behind a stored connection, its credentials opened with the installation's key;
 * `allowPrivate` is CALENDAR_ALLOW_PRIVATE.
 */
export function connectionSource(
  connection: ConnectionRow,
  key: Buffer,
  allowPrivate: boolean,
): CalendarSource {
  const secret = openSecret(key, connection.secret, connection.userId);
  if (connection.provider === "CALDAV") {
    return caldavSource(
      {
        serverUrl: connection.serverUrl,
        username: connection.username,
        password: secret,
      },
      allowPrivate,
    );
  }
  return icsFeedSource(secret, connection.name, { allowPrivate });
}
