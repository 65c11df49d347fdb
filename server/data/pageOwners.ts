import { eq } from "drizzle-orm";
import { findPageNameOwner, type PageOwner } from "./pageNames";
import type { Db } from "../db/database";
import { profiles } from "../db/schema";

/**
 * The user or team that holds `/{slug}`, or null; null too for a user who has not verified their
 * address yet: their page is not published. Users and teams share one namespace, so nobody
 * else's sign-up or rename can hide or replace a team's page.
 */
export async function findPageOwner(db: Db, slug: string): Promise<PageOwner | null> {
  const owner = await findPageNameOwner(db, slug);
  return owner?.kind === "user" && owner.user.emailVerifiedAt === null ? null : owner;
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
