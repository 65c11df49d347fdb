import { rm } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { findUpload } from "../data/uploads";
import type { Db } from "../db/database";
import { uploads, users } from "../db/schema";
import { assertCanManageUpload } from "../policies/uploads";
import { uploadPath } from "../uploads/uploadFiles";

/** Deletes an upload of `userId` (and unsets it as their avatar); throws NOT_FOUND otherwise. */
export async function uploadDeleter(
  db: Db,
  dataDir: string,
  userId: string,
  uploadId: string,
): Promise<void> {
  assertCanManageUpload(userId, await findUpload(db, uploadId));
  const removed = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ avatarUploadId: null })
      .where(and(eq(users.id, userId), eq(users.avatarUploadId, uploadId)));
    return tx.delete(uploads).where(eq(uploads.id, uploadId)).returning();
  });
  // Deleted meanwhile by another request.
  if (removed.length === 0) throw new DomainError("NOT_FOUND", message("uploads.notFound"));
  await rm(uploadPath(dataDir, removed[0]!.path), { force: true });
}
