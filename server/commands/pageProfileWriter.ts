import { sql } from "drizzle-orm";
import type { PageOwner } from "../data/pageNames";
import type { Db } from "../db/database";
import { profiles } from "../db/schema";

export interface PageProfilePatch {
  welcomeMessage?: string | null;
  socials?: Record<string, string>;
}

/**
 * Writes the welcome message or social links of a page's owner to their Profile, creating a
 * team's Profile on its first change. Returns the Profile row.
 */
export async function pageProfileWriter(db: Db, owner: PageOwner, patch: PageProfilePatch) {
  const ownerColumns =
    owner.kind === "user" ? { userId: owner.user.id } : { teamId: owner.team.id };
  const [row] = await db
    .insert(profiles)
    .values({ ...ownerColumns, ...patch })
    .onConflictDoUpdate({
      target: owner.kind === "user" ? profiles.userId : profiles.teamId,
      set: { ...patch, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
