import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findUpload, variantsOf } from "../data/uploads";
import type { Db } from "../db/database";
import { teams, uploads, users } from "../db/schema";
import { assertCanManageUpload } from "../policies/uploads";
import type { UploadMedia } from "../uploads/uploadMedia";

/**
 * Deletes an upload of `userId` with its smaller copies and their bytes (and unsets it as their
 * avatar, or a team's whose admin set it there); throws NOT_FOUND otherwise.
 */
export async function uploadDeleter(
  db: Db,
  media: UploadMedia,
  userId: string,
  uploadId: string,
): Promise<void> {
  assertCanManageUpload(userId, await findUpload(db, uploadId));
  const { removed, variants } = await db.transaction(async (tx) => {
    // The copies' rows go by cascade; their objects in a store need their ids.
    const variants = await variantsOf(tx, [uploadId]);
    await tx
      .update(users)
      .set({ avatarUploadId: null })
      .where(and(eq(users.id, userId), eq(users.avatarUploadId, uploadId)));
    await tx.update(teams).set({ avatarUploadId: null }).where(eq(teams.avatarUploadId, uploadId));
    const removed = await tx.delete(uploads).where(eq(uploads.id, uploadId)).returning();
    return { removed, variants };
  });
  // Deleted meanwhile by another request.
  if (removed.length === 0) throw new DomainError("NOT_FOUND", message("uploads.notFound"));
  // PostgreSQL's bytes went with the rows (cascade); an object store's go now.
  for (const row of [...removed, ...variants]) {
    if (row.storage !== "postgres") await media.storeOf(row.storage)?.remove(row.id);
  }
}
