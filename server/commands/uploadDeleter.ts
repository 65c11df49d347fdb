import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findUpload } from "../data/uploads";
import type { Db } from "../db/database";
import { teams, uploads, users } from "../db/schema";
import { assertCanManageUpload } from "../policies/uploads";
import type { UploadMedia } from "../uploads/uploadMedia";

/**
 * Deletes an upload of `userId` and its bytes (and unsets it as their avatar, or a team's whose
 * admin set it there); throws
 * NOT_FOUND otherwise.
 */
export async function uploadDeleter(
  db: Db,
  media: UploadMedia,
  userId: string,
  uploadId: string,
): Promise<void> {
  assertCanManageUpload(userId, await findUpload(db, uploadId));
  const removed = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ avatarUploadId: null })
      .where(and(eq(users.id, userId), eq(users.avatarUploadId, uploadId)));
    await tx.update(teams).set({ avatarUploadId: null }).where(eq(teams.avatarUploadId, uploadId));
    return tx.delete(uploads).where(eq(uploads.id, uploadId)).returning();
  });
  // Deleted meanwhile by another request.
  if (removed.length === 0) throw new DomainError("NOT_FOUND", message("uploads.notFound"));
  // PostgreSQL's bytes went with the row (cascade); an object store's go now.
  await media.storeOf(removed[0]!.storage)?.remove(uploadId);
}
