import { acceptGoogleNotification } from "../calendars/google/googleChannels";
import type { Db } from "../db/database";

export interface GoogleNotification {
  channelId: string;
  token: string;
  resourceState: string;
}

/**
 * A push notification from Google Calendar (events.watch): a genuine one (a live channel, its
 * token matching in constant time) makes the channel's connection due, so the calendar worker
 * reads its busy time at once. Resolves false, changing nothing, for anything else.
 */
export function googleNotificationReceiver(
  db: Db,
  notification: GoogleNotification,
  now: Date,
): Promise<boolean> {
  return acceptGoogleNotification(db, notification, now);
}
