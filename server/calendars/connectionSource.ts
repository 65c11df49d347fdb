import { openSecret } from "../crypto/credentialBox";
import type { calendarConnections } from "../db/schema";
import { caldavSource } from "./caldavSource";
import { type CalendarSource, CalendarSourceError } from "./calendarSource";
import { type GoogleContext, googleSource } from "./google/googleSource";
import { icsFeedSource } from "./icsFeedSource";
import { type MicrosoftContext, microsoftSource } from "./microsoft/microsoftSource";

type ConnectionRow = typeof calendarConnections.$inferSelect;

/**
 * The provider behind a stored connection, its credentials opened with the installation's key;
 * `allowPrivate` is CALENDAR_ALLOW_PRIVATE; `google` is what a Google connection needs (its app,
 * the database its refreshed tokens are written to, the clock); `microsoft` the same for a
 * Microsoft 365 / Outlook.com connection.
 */
export function connectionSource(
  connection: ConnectionRow,
  key: Buffer,
  allowPrivate: boolean,
  google?: GoogleContext,
  microsoft?: MicrosoftContext,
): CalendarSource {
  if (connection.provider === "GOOGLE") {
    if (google === undefined) throw new CalendarSourceError("RECONNECT_NEEDED", "no google");
    return googleSource(google, connection);
  }
  if (connection.provider === "MICROSOFT") {
    if (microsoft === undefined) throw new CalendarSourceError("RECONNECT_NEEDED", "no microsoft");
    return microsoftSource(microsoft, connection);
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
