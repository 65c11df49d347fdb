import {
  acceptMicrosoftNotifications,
  type MicrosoftNotification,
} from "../calendars/microsoft/microsoftSubscriptions";
import type { Db } from "../db/database";

/**
 * A batch of Microsoft Graph change notifications (subscriptions on calendars' events): each
 * genuine one (a live subscription, its clientState matching in constant time) makes its
 * connection due, so the calendar worker reads what changed at once. Resolves with how many
 * were genuine; the others change nothing.
 */
export function microsoftNotificationReceiver(
  db: Db,
  notifications: readonly MicrosoftNotification[],
  now: Date,
): Promise<number> {
  return acceptMicrosoftNotifications(db, notifications, now);
}
