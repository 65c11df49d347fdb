import { openSecret } from "../crypto/credentialBox";
import type { calendarConnections } from "../db/schema";
import { caldavSource } from "./caldavSource";
import { type CalendarSource, CalendarSourceError } from "./calendarSource";
import { type GoogleContext, googleSource } from "./google/googleSource";
import { icsFeedSource } from "./icsFeedSource";

type ConnectionRow = typeof calendarConnections.$inferSelect;

/**
 * The provider behind a stored connection, its credentials opened with the installation's key;
 * `allowPrivate` is CALENDAR_ALLOW_PRIVATE; `google` is what a Google connection needs (its app,
 * the database its refreshed tokens are written to, the clock).
 */
export function connectionSource(
  connection: ConnectionRow,
  key: Buffer,
  allowPrivate: boolean,
  google?: GoogleContext,
): CalendarSource {
  if (connection.provider === "GOOGLE") {
    if (google === undefined) throw new CalendarSourceError("RECONNECT_NEEDED", "no google");
    return googleSource(google, connection);
  }
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
