import { aliasedTable, and, asc, eq, gte, inArray, isNotNull, lte, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { outOfOffice, teamMembers, users } from "../db/schema";

export type OutOfOfficeRow = typeof outOfOffice.$inferSelect;

/** A user a host may name as their colleague, or has named. */
export interface ColleagueRow {
  id: string;
  name: string;
  username: string;
}

export interface OutOfOfficeWithColleague extends OutOfOfficeRow {
  colleague: ColleagueRow | null;
}

const colleagueUsers = aliasedTable(users, "colleague");

/** A user's periods, earliest first, each with its colleague. */
export async function listOutOfOffice(
  db: Db | Tx,
  userId: string,
): Promise<OutOfOfficeWithColleague[]> {
  const rows = await db
    .select({
      period: outOfOffice,
      colleague: {
        id: colleagueUsers.id,
        name: colleagueUsers.name,
        username: colleagueUsers.username,
      },
    })
    .from(outOfOffice)
    .leftJoin(colleagueUsers, eq(colleagueUsers.id, outOfOffice.colleagueId))
    .where(eq(outOfOffice.userId, userId))
    .orderBy(asc(outOfOffice.startDate), asc(outOfOffice.createdAt), asc(outOfOffice.id));
  return rows.map(({ period, colleague }) => ({
    ...period,
    colleague: colleague?.id ? colleague : null,
  }));
}

export async function findOutOfOffice(db: Db | Tx, id: string): Promise<OutOfOfficeRow | null> {
  const [row] = await db.select().from(outOfOffice).where(eq(outOfOffice.id, id)).limit(1);
  return row ?? null;
}

/**
 * The users a host may name as colleague: verified accounts that are accepted members of a team
 * the host is an accepted member of, the host excluded; by name.
 */
export function listColleagues(db: Db | Tx, userId: string): Promise<ColleagueRow[]> {
  const mine = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return db
    .selectDistinct({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(
      and(inArray(teamMembers.teamId, mine), ne(users.id, userId), isNotNull(users.emailVerifiedAt)),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Whether `colleagueId` is one of listColleagues(userId). */
export async function isColleague(
  db: Db | Tx,
  userId: string,
  colleagueId: string,
): Promise<boolean> {
  const colleagues = await listColleagues(db, userId);
  return colleagues.some((colleague) => colleague.id === colleagueId);
}

/** The periods of the given hosts that touch the dates `from`..`to` (yyyy-MM-dd, inclusive). */
export async function loadHostsOutOfOffice(
  db: Db | Tx,
  hostIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, OutOfOfficeRow[]>> {
  const byHost = new Map<string, OutOfOfficeRow[]>();
  if (hostIds.length === 0) return byHost;
  const rows = await db
    .select()
    .from(outOfOffice)
    .where(
      and(
        inArray(outOfOffice.userId, [...hostIds]),
        gte(outOfOffice.endDate, from),
        lte(outOfOffice.startDate, to),
      ),
    )
    .orderBy(asc(outOfOffice.startDate));
  for (const row of rows) byHost.set(row.userId, [...(byHost.get(row.userId) ?? []), row]);
  return byHost;
}
