import { eq } from "drizzle-orm";
import type { Db } from "../../db/database";
import { profiles, teams, users } from "../../db/schema";

export type PageOwner =
  | { kind: "user"; user: typeof users.$inferSelect }
  | { kind: "team"; team: typeof teams.$inferSelect };

/**
 * The user named `slug`, else the team with that slug, else null; null too for a user who has
 * not verified their address yet: their page is not published.
 */
export async function findPageOwner(db: Db, slug: string): Promise<PageOwner | null> {
  const name = slug.trim().toLowerCase();
  if (name.length === 0 || name.length > 100) return null;
  const [user] = await db.select().from(users).where(eq(users.username, name)).limit(1);
  if (user) return user.emailVerifiedAt === null ? null : { kind: "user", user };
  const [team] = await db.select().from(teams).where(eq(teams.slug, name)).limit(1);
  return team ? { kind: "team", team } : null;
}

/** The profile row of a user or a team. */
export async function findOwnerProfile(db: Db, owner: PageOwner) {
  const [row] = await db
    .select()
    .from(profiles)
    .where(
      owner.kind === "user"
        ? eq(profiles.userId, owner.user.id)
        : eq(profiles.teamId, owner.team.id),
    )
    .limit(1);
  return row ?? null;
}
