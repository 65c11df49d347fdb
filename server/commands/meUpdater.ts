import { eq } from "drizzle-orm";
import type { MeUpdate } from "../../core/accounts/accountSchemas";
import { DomainError } from "../../core/errors";
import { findProfileOfUser, findUserById, type ProfileRow, type UserRow } from "../data/users";
import type { Db } from "../db/database";
import { profiles, users } from "../db/schema";
import { takenFields } from "./accountCreator";

/** Applies `PATCH /api/me` to the user and their profile in one transaction. */
export async function meUpdater(
  db: Db,
  userId: string,
  update: MeUpdate,
  now: Date,
): Promise<{ user: UserRow; profile: ProfileRow }> {
  const { profile: profileUpdate, ...userUpdate } = update;
  const taken = await takenFields(db, userUpdate, userId);
  if (taken) throw new DomainError("VALIDATION", Object.values(taken)[0]![0]!, taken);
  await db.transaction(async (tx) => {
    if (Object.keys(userUpdate).length > 0) {
      await tx.update(users).set(userUpdate).where(eq(users.id, userId));
    }
    if (profileUpdate && Object.keys(profileUpdate).length > 0) {
      await tx
        .update(profiles)
        .set({ ...profileUpdate, updatedAt: now })
        .where(eq(profiles.userId, userId));
    }
  });
  const [user, profile] = await Promise.all([
    findUserById(db, userId),
    findProfileOfUser(db, userId),
  ]);
  if (!user || !profile) throw new DomainError("NOT_FOUND", "User not found.");
  return { user, profile };
}
