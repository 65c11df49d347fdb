import type { MicrosoftContext } from "../calendars/microsoft/microsoftSource";
import {
  acceptMicrosoftLifecycle,
  type MicrosoftLifecycleNotification,
} from "../calendars/microsoft/microsoftSubscriptions";

/**
 * A batch of Microsoft Graph lifecycle notifications about Slotted's subscriptions: each genuine
 * one (a live subscription, its clientState matching in constant time) is acted on as Microsoft
 * advises (reauthorizationRequired: renewed; subscriptionRemoved: made again, then the calendar
 * read; missed: the calendar read). Resolves with how many were genuine; the others change
 * nothing.
 */
export function microsoftLifecycleReceiver(
  context: MicrosoftContext & { publicUrl: string },
  notifications: readonly MicrosoftLifecycleNotification[],
): Promise<number> {
  return acceptMicrosoftLifecycle(context, notifications);
}
