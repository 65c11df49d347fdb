import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { preparedPerDatabase } from "../db/preparedPerDatabase";
import { eventTypes, users } from "../db/schema";
import { hostsFromJson, hostsJsonSql, type PublicHost } from "./loadEventTypeHosts";

/** An event type with its hosts (highest priority first, with schedules) and its owner's zone. */
export interface EventTypeTarget {
  eventType: EventTypeWithHosts;
  /** Private: never in a public response. */
  hosts: PublicHost[];
  /** The owner's zone: the user's for personal kinds, the first host's for team kinds. */
  timeZone: string;
}

/** A loaded target, with what the public resolution checks before showing it. */
export interface LoadedEventTypeTarget extends EventTypeTarget {
  /**
   * Whoever it would publish verified their address: a personal event type's owner, every
   * host of a team's. Until then it is not published.
   */
  accountsVerified: boolean;
}

// The product's fallback zone (spec section 9), for an event type without hosts.
const FALLBACK_TIME_ZONE = "Europe/Berlin";

/** Which event type to load: by its owner's username and slug, its shared link, or its id. */
export type EventTypeLookup =
  | { username: string; slug: string }
  | { sharedLink: string }
  | { id: string };

function prepareLookup(db: Db | Tx, kind: "username" | "sharedLink" | "id") {
  const where =
    kind === "username"
      ? and(
          eq(eventTypes.slug, sql.placeholder("slug")),
          eq(
            eventTypes.userId,
            sql`(select ${users.id} from ${users} where ${users.username} = ${sql.placeholder("username")})`,
          ),
        )
      : kind === "sharedLink"
        ? eq(eventTypes.sharedLink, sql.placeholder("sharedLink"))
        : eq(eventTypes.id, sql.placeholder("id"));
  return db
    .select({
      ...getTableColumns(eventTypes),
      // In the same query: PGlite pays per statement, and every timetable call asks. The
      // columns are named with their table: a bare "id" in the subqueries would be u.id.
      accountsVerified: sql<boolean>`(case when event_types.user_id is not null
        then exists (select 1 from users u
          where u.id = event_types.user_id and u.email_verified_at is not null)
        else not exists (select 1 from event_type_hosts h join users u on u.id = h.user_id
          where h.event_type_id = event_types.id and u.email_verified_at is null) end)`,
      hostsJson: sql<string | null>`${hostsJsonSql(
        sql`${eventTypes.id}`,
        sql`${eventTypes.scheduleId}`,
      )}`,
    })
    .from(eventTypes)
    .where(where)
    .limit(1)
    .prepare(`slotted_event_type_by_${kind}`);
}

const preparedLookup = preparedPerDatabase(prepareLookup);

/**
 * An event type with its hosts, their schedules and the owner's zone, in one query; null when
 * none matches. Reads only; does not look at `active`.
 */
export async function loadEventTypeTarget(
  db: Db | Tx,
  lookup: EventTypeLookup,
): Promise<LoadedEventTypeTarget | null> {
  const [row] =
    "username" in lookup
      ? await preparedLookup(db, "username").execute(lookup)
      : "sharedLink" in lookup
        ? await preparedLookup(db, "sharedLink").execute(lookup)
        : await preparedLookup(db, "id").execute(lookup);
  if (!row) return null;
  const { hostsJson, accountsVerified, ...eventType } = row;
  const hosts = hostsFromJson(hostsJson);
  // A personal event type's owner is its host; a team's zone is its first host's.
  const owner = hosts.find((host) => host.id === eventType.userId) ?? hosts[0];
  return {
    eventType: {
      ...eventType,
      hosts: hosts.map((host) => ({ userId: host.id, priority: host.priority })),
    },
    hosts,
    timeZone: owner?.timeZone ?? FALLBACK_TIME_ZONE,
    accountsVerified,
  };
}
