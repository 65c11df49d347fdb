import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { eventTypes, users } from "../db/schema";
import { FAILURE_GRACE_MS } from "./loadBusyBlocks";

/** What a timetable computed from the database depends on, read in one cheap query. */
export interface TimetableStamp {
  eventTypeId: string;
  /**
   * The busy-time versions of the event type's owner and hosts, and how many of their calendar
   * connections make them busy at `now`: equal stamps mean equal timetables (at equal `now`).
   */
  version: string;
}

/** How an invitee names an event type on the two cacheable calls. */
export type StampLookup = { username: string; slug: string } | { sharedLink: string };

// The owner and the hosts: a personal event type's owner is also its host, a team's has none.
const versions = sql`(select string_agg(v.user_id::text || ':' || v.version, ',' order by v.user_id)
  from host_time_versions v
  where v.user_id = event_types.user_id
    or v.user_id in (select h.user_id from event_type_hosts h where h.event_type_id = event_types.id))`;
// A failing connection turns its host busy an hour after it began failing, with no write then.
const down = sql`(select count(*) from calendar_connections c
  where c.on_failure = 'BLOCK' and c.failing_since <= ${sql.placeholder("downSince")}::timestamptz
    and c.user_id in (select h.user_id from event_type_hosts h where h.event_type_id = event_types.id))`;

function prepareStamp(db: Db | Tx, kind: "username" | "sharedLink") {
  const where =
    kind === "username"
      ? and(
          eq(eventTypes.slug, sql.placeholder("slug")),
          eq(
            eventTypes.userId,
            sql`(select ${users.id} from ${users} where ${users.username} = ${sql.placeholder("username")})`,
          ),
        )
      : eq(eventTypes.sharedLink, sql.placeholder("sharedLink"));
  return db
    .select({
      eventTypeId: eventTypes.id,
      version: sql<string>`coalesce(${versions}, '') || '/' || ${down}`,
    })
    .from(eventTypes)
    .where(where)
    .limit(1)
    .prepare(`slotted_timetable_stamp_by_${kind}`);
}

type PreparedStamp = ReturnType<typeof prepareStamp>;
const preparedStamps = new WeakMap<object, Map<string, PreparedStamp>>();

function preparedStamp(db: Db | Tx, kind: "username" | "sharedLink"): PreparedStamp {
  let byKind = preparedStamps.get(db);
  if (byKind === undefined) {
    byKind = new Map();
    preparedStamps.set(db, byKind);
  }
  let prepared = byKind.get(kind);
  if (prepared === undefined) {
    prepared = prepareStamp(db, kind);
    byKind.set(kind, prepared);
  }
  return prepared;
}

/**
 * The stamp of the event type a public link names, or null when it names none (the full
 * resolution then says why). The versions are read before anything a timetable is computed
 * from, so a timetable stored under a stamp is never older than it. Reads only; never throws.
 */
export async function loadTimetableStamp(
  db: Db | Tx,
  lookup: StampLookup,
  now: Date,
): Promise<TimetableStamp | null> {
  const downSince = new Date(now.getTime() - FAILURE_GRACE_MS).toISOString();
  const [row] =
    "username" in lookup
      ? await preparedStamp(db, "username").execute({ ...lookup, downSince })
      : await preparedStamp(db, "sharedLink").execute({ ...lookup, downSince });
  return row ?? null;
}
