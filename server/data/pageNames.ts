import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { pageNames, teams, users } from "../db/schema";

/** Who holds a `/{name}` page: a user or a team. */
export type PageOwner =
  | { kind: "user"; user: typeof users.$inferSelect }
  | { kind: "team"; team: typeof teams.$inferSelect };

// Longer than any username or team slug: such a name holds nothing and is not worth a query.
const MAX_NAME_LENGTH = 100;

/**
 * The user or team that holds `/{name}` in the one namespace both share (any case), whether or
 * not its page is published; null when nobody does.
 */
export async function findPageNameOwner(db: Db | Tx, name: string): Promise<PageOwner | null> {
  const key = name.trim().toLowerCase();
  if (key.length === 0 || key.length > MAX_NAME_LENGTH) return null;
  const [row] = await db
    .select({ user: users, team: teams })
    .from(pageNames)
    .leftJoin(users, eq(users.id, pageNames.userId))
    .leftJoin(teams, eq(teams.id, pageNames.teamId))
    .where(eq(pageNames.name, key))
    .limit(1);
  if (row?.user) return { kind: "user", user: row.user };
  if (row?.team) return { kind: "team", team: row.team };
  return null;
}
