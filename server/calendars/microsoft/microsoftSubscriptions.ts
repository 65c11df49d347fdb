import { and, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { newSecret, safeEqual, tokenHash } from "../../auth/secrets";
import type { Db } from "../../db/database";
import {
  type calendarConnections,
  connectedCalendars,
  microsoftSubscriptions,
} from "../../db/schema";
import { freshConnection, makeConnectionDue, pushNeedsRenewal } from "../calendarPush";
import { type MicrosoftContext, MicrosoftTokenKeeper } from "./microsoftSource";

/** Where Graph posts change notifications (and the validation request), under PUBLIC_URL. */
export const MICROSOFT_NOTIFICATIONS_PATH = "/api/calendar-connections/microsoft/notifications";

/**
 * Where Graph posts lifecycle notifications (reauthorizationRequired, subscriptionRemoved,
 * missed; validated like the notification URL), under PUBLIC_URL.
 */
export const MICROSOFT_LIFECYCLE_PATH = "/api/calendar-connections/microsoft/lifecycle";

/**
 * How long a subscription is asked to live: half an hour under Graph's longest for Outlook
 * events (4230 min), so a clock a little ahead of Graph's is not refused.
 */
export const SUBSCRIPTION_TTL_MS = 4200 * 60_000;

const subscriptionAnswer = z.object({ id: z.string(), expirationDateTime: z.string() });

type Subscription = typeof microsoftSubscriptions.$inferSelect;

/**
 * Keeps one Graph change-notification subscription (created, updated, deleted) on the events of
 * each calendar of a Microsoft connection that counts as busy or is written into: a calendar
 * without one gets one (Graph first checks the notificationUrl and lifecycleNotificationUrl
 * answer its validationToken, see the notifications routes; a fresh clientState of which only
 * the SHA-256 is kept); one within a day of its end is renewed (PATCH; one Graph no longer knows
 * is made again); those of other calendars are deleted. One made without lifecycle
 * notifications (before Slotted asked for them) cannot be given them by a PATCH: when it is due
 * for renewal it is replaced, the new one made first and the old deleted after, so both
 * deliver in between and no change goes unnoticed (should the new one fail, the old is renewed
 * as it is, to be replaced at its next renewal; should the old one's delete fail, the next sync
 * deletes it).
 * Push is an optimisation: what cannot be made (Graph wants a public https address) is tried
 * again next sync, and the periodic sync reads the calendars anyway.
 */
export async function ensureMicrosoftSubscriptions(
  context: MicrosoftContext & { publicUrl: string },
  connection: Pick<typeof calendarConnections.$inferSelect, "id">,
): Promise<void> {
  const { db } = context;
  const now = context.clock();
  const fresh = await freshConnection(db, connection.id);
  if (fresh === undefined) return;
  const keeper = new MicrosoftTokenKeeper(context, fresh);
  const calendars = await db
    .select({
      id: connectedCalendars.id,
      url: connectedCalendars.url,
      busy: connectedCalendars.busy,
      writeTarget: connectedCalendars.writeTarget,
    })
    .from(connectedCalendars)
    .where(eq(connectedCalendars.connectionId, connection.id));
  const subscriptions = await db
    .select()
    .from(microsoftSubscriptions)
    .where(eq(microsoftSubscriptions.connectionId, connection.id));
  for (const calendar of calendars) {
    // The one kept first: with lifecycle notifications, then the latest to lapse. Any other is
    // left from a replacement cut short (its delete failed) and goes once the kept one is live.
    const [current, ...others] = subscriptions
      .filter((s) => s.calendarId === calendar.id)
      .sort(
        (a, b) =>
          Number(b.lifecycleNotifications) - Number(a.lifecycleNotifications) ||
          b.expiresAt.getTime() - a.expiresAt.getTime(),
      );
    try {
      if (!calendar.busy && !calendar.writeTarget) {
        await deleteSubscriptions(db, keeper, current ? [current, ...others] : []);
        continue;
      }
      if (current?.lifecycleNotifications) {
        await deleteSubscriptions(db, keeper, others);
        if (!pushNeedsRenewal(current.expiresAt, now)) continue;
        if (await renewAtGraph(db, keeper, current, now)) continue;
      } else if (current && !pushNeedsRenewal(current.expiresAt, now)) {
        continue;
      }
      let made: boolean;
      try {
        made = await createSubscription(context, keeper, connection.id, calendar, now);
      } catch (error) {
        // The old one keeps delivering meanwhile; it is replaced at its next renewal.
        if (current && !current.lifecycleNotifications)
          await renewAtGraph(db, keeper, current, now);
        throw error;
      }
      if (made && current && !current.lifecycleNotifications) {
        await deleteSubscriptions(db, keeper, [current, ...others]);
      }
    } catch {
      // Tried again next sync; the periodic sync reads the calendar meanwhile.
    }
  }
}

/**
 * Renews a subscription at Graph for another SUBSCRIPTION_TTL_MS. Resolves false (its row
 * deleted) when Graph no longer knows it.
 */
async function renewAtGraph(
  db: Db,
  keeper: MicrosoftTokenKeeper,
  subscription: Subscription,
  now: Date,
): Promise<boolean> {
  const { status, body } = await keeper.call(
    {
      method: "PATCH",
      path: `/subscriptions/${encodeURIComponent(subscription.id)}`,
      body: { expirationDateTime: new Date(now.getTime() + SUBSCRIPTION_TTL_MS).toISOString() },
      accept: [404],
    },
    subscriptionAnswer,
  );
  if (status === 404 || body === null) {
    await db.delete(microsoftSubscriptions).where(eq(microsoftSubscriptions.id, subscription.id));
    return false;
  }
  await db
    .update(microsoftSubscriptions)
    .set({ expiresAt: new Date(body.expirationDateTime) })
    .where(eq(microsoftSubscriptions.id, subscription.id));
  return true;
}

/** Makes a subscription on one calendar's events, with lifecycle notifications, and keeps it. */
async function createSubscription(
  context: { db: Db; publicUrl: string },
  keeper: MicrosoftTokenKeeper,
  connectionId: string,
  calendar: { id: string; url: string },
  now: Date,
): Promise<boolean> {
  const clientState = newSecret(32);
  const { body } = await keeper.call(
    {
      method: "POST",
      path: "/subscriptions",
      body: {
        changeType: "created,updated,deleted",
        notificationUrl: `${context.publicUrl}${MICROSOFT_NOTIFICATIONS_PATH}`,
        lifecycleNotificationUrl: `${context.publicUrl}${MICROSOFT_LIFECYCLE_PATH}`,
        resource: `/me/calendars/${encodeURIComponent(calendar.url)}/events`,
        expirationDateTime: new Date(now.getTime() + SUBSCRIPTION_TTL_MS).toISOString(),
        clientState,
        latestSupportedTlsVersion: "v1_2",
      },
    },
    subscriptionAnswer,
  );
  if (body === null) return false;
  const kept = await context.db
    .insert(microsoftSubscriptions)
    .values({
      id: body.id,
      connectionId,
      calendarId: calendar.id,
      clientStateHash: tokenHash(clientState),
      expiresAt: new Date(body.expirationDateTime),
      lifecycleNotifications: true,
    })
    .onConflictDoNothing()
    .returning({ id: microsoftSubscriptions.id });
  // Another process made the calendar's subscription first: that one is kept, so Graph is told
  // to stop this one rather than post every change twice until it lapses.
  if (kept.length === 0) await deleteSubscriptions(null, keeper, [{ id: body.id }]);
  return true;
}

/** One change notification as Graph posts it (in a batch: `value`). */
export interface MicrosoftNotification {
  subscriptionId: string;
  clientState?: string | undefined;
}

/** The lifecycle events Graph tells of (`lifecycleEvent`). */
export const LIFECYCLE_EVENTS = [
  "reauthorizationRequired",
  "subscriptionRemoved",
  "missed",
] as const;

/** One lifecycle notification as Graph posts it (in a batch: `value`). */
export interface MicrosoftLifecycleNotification extends MicrosoftNotification {
  lifecycleEvent: (typeof LIFECYCLE_EVENTS)[number];
}

/** The live subscriptions `notifications` name whose clientState digest matches, each once. */
async function genuineSubscriptions(
  db: Db,
  notifications: readonly MicrosoftNotification[],
  now: Date,
): Promise<Map<MicrosoftNotification, Subscription>> {
  const ids = [...new Set(notifications.map((n) => n.subscriptionId))];
  const genuine = new Map<MicrosoftNotification, Subscription>();
  if (ids.length === 0) return genuine;
  const live = await db
    .select()
    .from(microsoftSubscriptions)
    .where(and(inArray(microsoftSubscriptions.id, ids), gt(microsoftSubscriptions.expiresAt, now)));
  for (const notification of notifications) {
    const subscription = live.find((s) => s.id === notification.subscriptionId);
    const given = tokenHash(notification.clientState ?? "");
    if (subscription === undefined || !safeEqual(subscription.clientStateHash, given)) continue;
    genuine.set(notification, subscription);
  }
  return genuine;
}

/**
 * Graph's lifecycle notifications, each believed only as a change notification is (a live
 * subscription, its clientState digest matching in constant time):
 * - `reauthorizationRequired`: the subscription is renewed at once (PATCH expirationDateTime,
 *   with a token the keeper refreshes if need be), so notifications keep coming;
 * - `subscriptionRemoved`: Graph dropped it; a new one is made for its calendar, then the
 *   connection is made due, so the calendar worker's delta read catches what changed meanwhile;
 * - `missed`: some notifications were not delivered; the connection is made due for a delta read.
 * A Graph call that fails leaves it to the next sync (which renews or makes subscriptions), so
 * nothing here throws for Graph. Resolves with how many notifications were genuine.
 */
export async function acceptMicrosoftLifecycle(
  context: MicrosoftContext & { publicUrl: string },
  notifications: readonly MicrosoftLifecycleNotification[],
): Promise<number> {
  const { db } = context;
  const now = context.clock();
  const genuine = await genuineSubscriptions(db, notifications, now);
  const due = new Set<string>();
  const renewed = new Set<string>();
  const removed = new Set<string>();
  for (const [notification, subscription] of genuine) {
    const event = (notification as MicrosoftLifecycleNotification).lifecycleEvent;
    if (event === "reauthorizationRequired" && !renewed.has(subscription.id)) {
      renewed.add(subscription.id);
      await renewSubscription(context, subscription, now).catch(() => undefined);
    } else if (event === "subscriptionRemoved" && !removed.has(subscription.id)) {
      removed.add(subscription.id);
      await db.delete(microsoftSubscriptions).where(eq(microsoftSubscriptions.id, subscription.id));
      // The new subscription first, then the read: a change between them is not lost.
      await ensureMicrosoftSubscriptions(context, { id: subscription.connectionId }).catch(
        () => undefined,
      );
    }
    if (event !== "reauthorizationRequired") due.add(subscription.connectionId);
  }
  for (const connectionId of due) await makeConnectionDue(db, connectionId, now);
  return genuine.size;
}

/** Renews one subscription at Graph for another SUBSCRIPTION_TTL_MS; one Graph lost is forgotten. */
async function renewSubscription(
  context: MicrosoftContext,
  subscription: Subscription,
  now: Date,
): Promise<void> {
  const { db } = context;
  const connection = await freshConnection(db, subscription.connectionId);
  if (connection === undefined) return;
  const keeper = new MicrosoftTokenKeeper(context, connection);
  if (!(await renewAtGraph(db, keeper, subscription, now))) {
    // Graph no longer knows it: the next sync (due now) makes a new one.
    await makeConnectionDue(db, subscription.connectionId, now);
  }
}

/**
 * Graph's change notifications: each one naming a live subscription whose clientState matches
 * (compared in constant time, as SHA-256 digests) makes its connection due at once. Resolves
 * with how many were genuine; the others change nothing.
 */
export async function acceptMicrosoftNotifications(
  db: Db,
  notifications: readonly MicrosoftNotification[],
  now: Date,
): Promise<number> {
  const genuine = await genuineSubscriptions(db, notifications, now);
  const due = new Set([...genuine.values()].map((subscription) => subscription.connectionId));
  for (const connectionId of due) await makeConnectionDue(db, connectionId, now);
  return genuine.size;
}

/**
 * After a Microsoft connection was deleted: its subscriptions are deleted at Graph so no more
 * notifications come. Best effort (they lapse within three days anyway). Microsoft has no
 * endpoint to revoke a delegated grant: the host removes it under their account's app access.
 */
export async function releaseMicrosoftConnection(
  context: MicrosoftContext,
  connection: typeof calendarConnections.$inferSelect,
  subscriptions: Pick<Subscription, "id">[],
): Promise<void> {
  try {
    await deleteSubscriptions(null, new MicrosoftTokenKeeper(context, connection), subscriptions);
  } catch {
    // Nothing more to do: the connection is gone here either way.
  }
}

/** Deletes subscriptions at Graph (one already gone counts), then their rows (with `db`). */
async function deleteSubscriptions(
  db: Db | null,
  keeper: MicrosoftTokenKeeper,
  subscriptions: Pick<Subscription, "id">[],
): Promise<void> {
  for (const subscription of subscriptions) {
    await keeper.call(
      {
        method: "DELETE",
        path: `/subscriptions/${encodeURIComponent(subscription.id)}`,
        accept: [404],
      },
      z.unknown(),
    );
    if (db) {
      await db.delete(microsoftSubscriptions).where(eq(microsoftSubscriptions.id, subscription.id));
    }
  }
}
