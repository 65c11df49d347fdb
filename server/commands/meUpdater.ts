import { eq } from "drizzle-orm";
import { BRAND_COLOR_FIELDS, type MeUpdate } from "../../core/accounts/accountSchemas";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { takenError, takenFields } from "../accounts/takenFields";
import { colorLockOfUser } from "../data/teams";
import { findUpload } from "../data/uploads";
import { findProfileOfUser, findUserById, type ProfileRow, type UserRow } from "../data/users";
import type { Db } from "../db/database";
import { profiles, users } from "../db/schema";
import { sqlState } from "../db/sqlState";
import { relocateHostFacts } from "../insights/bookingFacts";
import { assertCanChangeBrandColors } from "../policies/profile";
import { assertCanUseAsAvatar } from "../policies/uploads";

/**
 * Applies `PATCH /api/me` to the user and their profile in one transaction. Throws VALIDATION
 * for a username another user or a team holds or an avatar that is not the user's image, and FORBIDDEN when a team
 * admin locked the brand colours the update would change.
 */
export async function meUpdater(
  db: Db,
  userId: string,
  update: MeUpdate,
  now: Date,
): Promise<{ user: UserRow; profile: ProfileRow }> {
  const { profile: profileUpdate, ...userUpdate } = update;
  const taken = await takenFields(db, userUpdate, userId);
  if (taken) throw takenError(taken);
  if (userUpdate.avatarUploadId) {
    assertCanUseAsAvatar(userId, await findUpload(db, userUpdate.avatarUploadId));
  }
  if (profileUpdate && BRAND_COLOR_FIELDS.some((field) => profileUpdate[field] !== undefined)) {
    const current = await findProfileOfUser(db, userId);
    const changes = BRAND_COLOR_FIELDS.some(
      (field) => profileUpdate[field] !== undefined && profileUpdate[field] !== current?.[field],
    );
    if (changes) assertCanChangeBrandColors(await colorLockOfUser(db, userId));
  }
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(userUpdate).length > 0) {
        const [before] = await tx
          .select({ timeZone: users.timeZone })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        await tx.update(users).set(userUpdate).where(eq(users.id, userId));
        // The insights' heatmap is in the host's zone as it is now: their facts follow a move.
        if (userUpdate.timeZone !== undefined && userUpdate.timeZone !== before?.timeZone) {
          await relocateHostFacts(tx, userId);
        }
      }
      if (profileUpdate && Object.keys(profileUpdate).length > 0) {
        await tx
          .update(profiles)
          .set({ ...profileUpdate, updatedAt: now })
          .where(eq(profiles.userId, userId));
      }
    });
  } catch (error) {
    // Someone claimed the name since the check above: the page_names key decides.
    if (sqlState(error) === "23505" && userUpdate.username !== undefined) {
      throw takenError({ username: [message("fields.usernameTaken")] });
    }
    throw error;
  }
  const [user, profile] = await Promise.all([
    findUserById(db, userId),
    findProfileOfUser(db, userId),
  ]);
  if (!user || !profile) throw new DomainError("NOT_FOUND", message("auth.userNotFound"));
  return { user, profile };
}
