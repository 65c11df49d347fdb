import { createHash, randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { detectMediaType, isImageType } from "../../core/uploads/detectMediaType";
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES, VIDEO_MAX_BYTES } from "../../core/uploads/uploadLimits";
import type { UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { uploads, users } from "../db/schema";

export type UploadKind = "image" | "video";

/** Where uploaded files live: DATA_DIR/uploads/{id}, named by id only (never by the client). */
export function uploadPath(dataDir: string, uploadId: string): string {
  return join(dataDir, "uploads", uploadId);
}

function refuse(message: string): DomainError {
  return new DomainError("VALIDATION", message, { file: [message] });
}

/** The spec's refusal of a file that went over the size limit of `kind`. */
export function tooLarge(kind: UploadKind): DomainError {
  return refuse(kind === "image" ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.videoTooLarge);
}

/**
 * Stores an image or video for `userId` after checking its content: the type comes from the
 * file's magic bytes, never from its name or declared type. Throws VALIDATION with the spec's
 * messages for a wrong type or a file over the limit of `kind`.
 */
export async function uploadSaver(
  db: Db,
  dataDir: string,
  userId: string,
  kind: UploadKind,
  content: Buffer,
): Promise<UploadRow> {
  const type = detectMediaType(content);
  if (type === null || isImageType(type) !== (kind === "image")) {
    throw refuse(
      kind === "image" ? UPLOAD_MESSAGES.invalidFileType : UPLOAD_MESSAGES.invalidVideoFileType,
    );
  }
  if (content.length > (kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES)) {
    throw tooLarge(kind);
  }
  const id = randomUUID();
  const path = uploadPath(dataDir, id);
  await mkdir(join(dataDir, "uploads"), { recursive: true });
  await writeFile(path, content, { mode: 0o600 });
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        id,
        userId,
        kind,
        mimeType: type,
        size: content.length,
        sha256: createHash("sha256").update(content).digest("hex"),
        path: id,
      })
      .returning();
    return row!;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** Deletes an upload of `userId` (and unsets it as their avatar); throws NOT_FOUND otherwise. */
export async function uploadDeleter(
  db: Db,
  dataDir: string,
  userId: string,
  uploadId: string,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ avatarUploadId: null })
      .where(and(eq(users.id, userId), eq(users.avatarUploadId, uploadId)));
    return tx
      .delete(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)))
      .returning();
  });
  if (removed.length === 0) throw new DomainError("NOT_FOUND", "Upload not found.");
  await rm(join(dataDir, "uploads", removed[0]!.path), { force: true });
}
