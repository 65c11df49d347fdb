import { HOUR_MS } from "../../../core/time/durations";
import type { Db } from "../../db/database";
import { takeRateLimit } from "../../verification/rateLimit";

const TEN_MINUTES_MS = 10 * 60_000;

/**
 * Every booking mails its invitee and up to GUESTS_MAX guests, so the booking form must not
 * become a mail cannon: one client address gets `perIp` attempts per 10 minutes, and one
 * event type takes `perEventType` per hour from everyone together (a popular group event
 * fills well within that). Counted in the database, so every server process shares them.
 * Throws RATE_LIMITED with the seconds until the window ends.
 */
export const bookingRateLimits = {
  async takeForAddress(db: Db, limits: { perIp: number }, ip: string, now: Date) {
    if (limits.perIp > 0) {
      await takeRateLimit(db, `booking:ip:${ip}`, limits.perIp, TEN_MINUTES_MS, now);
    }
  },
  async takeForEventType(db: Db, limits: { perEventType: number }, eventTypeId: string, now: Date) {
    if (limits.perEventType > 0) {
      await takeRateLimit(
        db,
        `booking:event-type:${eventTypeId}`,
        limits.perEventType,
        HOUR_MS,
        now,
      );
    }
  },
};
