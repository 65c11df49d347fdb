import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db, Tx } from "../db/database";
import { eventTypes } from "../db/schema";
import { hostsFromJson, hostsJsonSql, type PublicHost } from "./loadEventTypeHosts";

/** An event type with its hosts (highest priority first, with schedules) and its owner's zone. */
export interface EventTypeTarget {
  eventType: EventTypeWithHosts;
  /** Private: never in a public response. */
  hosts: PublicHost[];
  /** The owner's zone: the user's for personal kinds, the first host's for team kinds. */
  timeZone: string;
}

// The product's fallback zone (spec section 9), for an event type without hosts.
const FALLBACK_TIME_ZONE = "Europe/Berlin";

/**
 * The first event type matching `where` (SQL over the event_types table) with its hosts, their
 * schedules and the owner's zone, in one query; null when none matches. Reads only; does not look
 * at `active`.
 */
export async function loadEventTypeTarget(
  db: Db | Tx,
  where: SQL,
): Promise<EventTypeTarget | null> {
  const [row] = await db
    .select({
      ...getTableColumns(eventTypes),
      hostsJson: sql<string | null>`${hostsJsonSql(
        sql`${eventTypes.id}`,
        sql`${eventTypes.scheduleId}`,
      )}`,
    })
    .from(eventTypes)
    .where(where)
    .limit(1);
  if (!row) return null;
  const { hostsJson, ...eventType } = row;
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
  };
}
