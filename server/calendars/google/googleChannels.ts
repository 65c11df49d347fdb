import { randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { newSecret, safeEqual, tokenHash } from "../../auth/secrets";
import type { Db } from "../../db/database";
import { type calendarConnections, connectedCalendars, googleChannels } from "../../db/schema";
import { freshConnection, makeConnectionDue, pushNeedsRenewal } from "../calendarPush";
import { GOOGLE_NOTIFICATIONS_PATH, revokeGoogleToken } from "./googleClient";
import { type GoogleContext, GoogleTokenKeeper } from "./googleSource";

/** How long a channel is asked to live (Google caps events channels at about a week). */
export const CHANNEL_TTL_MS = 7 * 86_400_000;

const channelAnswer = z.object({
  id: z.string(),
  resourceId: z.string(),
  expiration: z.coerce.number().optional(),
});

/**
 * Keeps one events.watch channel on each busy calendar of a Google connection: a calendar
 * without one, or whose channel lapses within a day (calendarPush.ts), gets a new one (a fresh
 * id and token; only the token's SHA-256 is kept) and the old one is stopped; channels of
 * calendars no longer busy are stopped and forgotten. Google then tells
 * GOOGLE_NOTIFICATIONS_PATH of every change, and the periodic sync stays the safety net: a
 * channel that cannot be made (Google wants a public https address) is tried again next sync.
 */
export async function ensureGoogleChannels(
  context: GoogleContext & { publicUrl: string },
  connection: typeof calendarConnections.$inferSelect,
): Promise<void> {
  const { db } = context;
  const now = context.clock();
  const fresh = await freshConnection(db, connection.id);
  if (fresh === undefined) return;
  const keeper = new GoogleTokenKeeper(context, fresh);
  const calendars = await db
    .select({
      id: connectedCalendars.id,
      url: connectedCalendars.url,
      busy: connectedCalendars.busy,
    })
    .from(connectedCalendars)
    .where(eq(connectedCalendars.connectionId, connection.id));
  const channels = await db
    .select()
    .from(googleChannels)
    .where(eq(googleChannels.connectionId, connection.id));
  const stop = async (channel: typeof googleChannels.$inferSelect) => {
    await stopChannel(keeper, channel);
    await db.delete(googleChannels).where(eq(googleChannels.id, channel.id));
  };
  for (const calendar of calendars) {
    const current = channels.find((channel) => channel.calendarId === calendar.id);
    if (!calendar.busy) {
      if (current) await stop(current);
      continue;
    }
    if (current && !pushNeedsRenewal(current.expiresAt, now)) continue;
    const id = randomUUID();
    const token = newSecret(32);
    const expiration = now.getTime() + CHANNEL_TTL_MS;
    try {
      const { body } = await keeper.call(
        {
          method: "POST",
          path: `/calendars/${encodeURIComponent(calendar.url)}/events/watch`,
          body: {
            id,
            type: "web_hook",
            address: `${context.publicUrl}${GOOGLE_NOTIFICATIONS_PATH}`,
            token,
            expiration,
          },
        },
        channelAnswer,
      );
      if (body === null) continue;
      if (current) await stop(current);
      await db.insert(googleChannels).values({
        id,
        connectionId: connection.id,
        calendarId: calendar.id,
        resourceId: body.resourceId,
        tokenHash: tokenHash(token),
        expiresAt: new Date(body.expiration ?? expiration),
      });
    } catch {
      // Push is an optimisation: the periodic sync reads the calendar anyway.
    }
  }
}

/**
 * A push notification from Google: when `channelId` names a live channel and `token` is its
 * token (compared in constant time), its connection is made due at once (the calendar worker
 * wakes on it and reads the calendar). Resolves with whether the notification was genuine.
 */
export async function acceptGoogleNotification(
  db: Db,
  input: { channelId: string; token: string; resourceState: string },
  now: Date,
): Promise<boolean> {
  const [channel] = await db
    .select()
    .from(googleChannels)
    .where(and(eq(googleChannels.id, input.channelId), gt(googleChannels.expiresAt, now)));
  if (channel === undefined || !safeEqual(channel.tokenHash, tokenHash(input.token))) return false;
  // "sync" only says the channel works; "exists" and "not_exists" say something changed.
  if (input.resourceState === "sync") return true;
  await makeConnectionDue(db, channel.connectionId, now);
  return true;
}

/**
 * After a Google connection was deleted: its watch channels are stopped and its grant revoked
 * at Google, so Slotted keeps no access it no longer uses. Best effort: a failure is ignored
 * (the channels lapse within a week; the host can remove the access in their Google account).
 */
export async function releaseGoogleConnection(
  context: GoogleContext,
  connection: typeof calendarConnections.$inferSelect,
  channels: (typeof googleChannels.$inferSelect)[],
): Promise<void> {
  try {
    const keeper = new GoogleTokenKeeper(context, connection);
    for (const channel of channels) {
      await stopChannel(keeper, channel);
    }
    await revokeGoogleToken(keeper.config, keeper.refreshToken);
  } catch {
    // Nothing more to do: the connection is gone here either way.
  }
}

/** Asks Google to stop a channel's notifications; one already gone, or a failure, is let be. */
async function stopChannel(
  keeper: GoogleTokenKeeper,
  channel: typeof googleChannels.$inferSelect,
): Promise<void> {
  await keeper
    .call(
      {
        method: "POST",
        path: "/channels/stop",
        body: { id: channel.id, resourceId: channel.resourceId },
        accept: [404],
      },
      z.unknown(),
    )
    .catch(() => undefined);
}
