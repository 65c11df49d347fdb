import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { preparedPerDatabase } from "../db/preparedPerDatabase";
import { eventTypes, users } from "../db/schema";
import { FAILURE_GRACE_MS } from "./loadBusyBlocks";

/** What a timetable computed from the database depends on, read in one cheap query. */
export interface TimetableStamp {
  eventTypeId: string;
  /**
   * The busy-time versions of the event type's owner and hosts and whether a failing calendar
   * connection makes them busy at `now`: equal stamps mean equal timetables (at equal `now`).
   */
  version: string;
  /** Per user, their busy-time version and whether a failing connection makes them busy. */
  hostVersions: Map<string, string>;
  /**
   * The settings versions alone (schedules, hosting, event types, the user rows): equal ones
   * mean the link resolves to the same event type, hosts and schedules.
   */
  settings: string;
}

/** How an invitee names an event type on the two cacheable calls. */
export type StampLookup = { username: string; slug: string } | { sharedLink: string };

// Per user (the owner and the hosts: a personal event type's owner is also its host, a team's has
// none), "id:busy:settings:down": down is 1 once a failing BLOCK connection of theirs is past its grace,
// which happens with no write.
const versions = sql`(select string_agg(u.id::text || ':' || coalesce(v.version, 0) || ':'
    || coalesce(v.settings_version, 0) || ':' || (exists (select 1 from calendar_connections c where c.user_id = u.id
      and c.on_failure = 'BLOCK' and c.failing_since <= ${sql.placeholder("downSince")}::timestamptz))::int,
    ',' order by u.id)
  from (select event_types.user_id as id where event_types.user_id is not null
    union select h.user_id from event_type_hosts h where h.event_type_id = event_types.id) u
  left join host_time_versions v on v.user_id = u.id)`;

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
      version: sql<string>`coalesce(${versions}, '')`,
    })
    .from(eventTypes)
    .where(where)
    .limit(1)
    .prepare(`slotted_timetable_stamp_by_${kind}`);
}

const preparedStamp = preparedPerDatabase(prepareStamp);

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
  if (row === undefined) return null;
  const hostVersions = new Map<string, string>();
  const settings: string[] = [];
  for (const part of row.version === "" ? [] : row.version.split(",")) {
    const [id, busy, setting, down] = part.split(":");
    hostVersions.set(id!, `${busy}:${down}`);
    settings.push(`${id}:${setting}`);
  }
  return { ...row, hostVersions, settings: settings.join(",") };
}
