import { sql } from "drizzle-orm";
import ical, { ICalCalendarMethod } from "ical-generator";
import { DAY_MS } from "../../core/time/durations";
import type { Db } from "../db/database";

/** How far back the feed reaches: calendars keep what they already have. */
const PAST_DAYS = 30;

/**
 * A host's private feed: their confirmed meetings from a month back on, each with its stable UID
 * (`{event id}@slotted`, the same as the mailed invites, so a calendar that has both shows one),
 * its invitees in the title and description, its place, and a link to the dashboard.
 */
export async function bookingFeedIcs(
  db: Db,
  userId: string,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const result = await db.execute<{
    id: string;
    title: string;
    startAt: string;
    endAt: string;
    sequence: number;
    location: { type: string; value?: string } | null;
    invitees: string | null;
  }>(sql`
    select e.id, e.title, e.start_at as "startAt", e.end_at as "endAt", e.sequence, e.location,
      (select string_agg(a.name || ' <' || a.email || '>', ', ' order by a.created_at)
         from attendees a where a.event_id = e.id and a.status = 'CONFIRMED') as "invitees"
    from event_hosts eh join events e on e.id = eh.event_id
    where eh.user_id = ${userId} and e.status = 'CONFIRMED'
      and e.end_at >= ${new Date(now.getTime() - PAST_DAYS * DAY_MS).toISOString()}::timestamptz
    order by e.start_at
    limit 5000`);
  const calendar = ical({
    prodId: { company: "Slotted", product: "Slotted", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name: "Slotted",
  });
  for (const row of result.rows) {
    const place = row.location?.value ?? null;
    calendar.createEvent({
      id: `${row.id}@slotted`,
      sequence: row.sequence,
      stamp: now,
      start: new Date(row.startAt),
      end: new Date(row.endAt),
      summary: row.invitees ? `${row.title} (${row.invitees.replace(/ <[^>]*>/g, "")})` : row.title,
      description: [row.invitees, `${publicUrl}/dashboard/bookings`].filter(Boolean).join("\n\n"),
      location: place,
      url: `${publicUrl}/dashboard/bookings`,
    });
  }
  return calendar.toString();
}
