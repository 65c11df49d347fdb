import { type SQL, sql } from "drizzle-orm";
import type { OutboxKind } from "./outboxJobs";

/**
 * For a claim's CTE: the due timed rows of one outbox `kind` (a reminder, follow-up or timed
 * workflow step: a `purpose`, its meeting and attendee), oldest first, as `(id, live)`. Each is
 * taken FOR UPDATE SKIP LOCKED together with a share lock on its meeting and attendee, skipping
 * it while a transaction holds either (a reschedule or cancel not yet committed): checked
 * against the rows as they are then, it cannot go out for a time that is being changed. A plain
 * "is it still live" read would see the meeting as it was before that transaction and send the
 * row just as the move commits. `live`: its meeting is still confirmed at `start` (the time the
 * row was written for, read from its payload `o`) and its attendee still in it.
 */
export function dueTimedRows(kind: OutboxKind, start: SQL, now: Date, limit: number): SQL {
  return sql`
    select o.id, (e.status = 'CONFIRMED'
                  and e.start_at = (${start})::timestamptz
                  and a.event_id = e.id and a.status = 'CONFIRMED') as live
      from outbox o
      join events e on e.id = o.event_id
      join attendees a on a.id = o.attendee_id
     where o.kind = ${kind} and o.status = 'pending' and o.next_attempt_at <= ${now}
       and o.purpose is not null
     order by o.next_attempt_at, o.id
     limit ${limit}
     for update of o skip locked
     for share of e, a skip locked`;
}
