import { createHash, randomUUID } from "node:crypto";
import { detectMediaType, isImageType } from "../../core/uploads/detectMediaType";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../../core/uploads/uploadLimits";
import type { UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { uploads } from "../db/schema";
import { tooLarge, type UploadKind, wrongFileType } from "../uploads/uploadFiles";
import type { UploadMedia } from "../uploads/uploadMedia";

/**
 * Stores an image or video for `userId` after checking its content: the type comes from the
 * file's magic bytes, never from its name or declared type. Throws VALIDATION with the spec's
 * messages for a wrong type or a file over the limit of `kind`. The bytes go to `media`'s
 * writer (PostgreSQL in the row's transaction, or the object store before it).
 */
export async function uploadSaver(
  db: Db,
  media: UploadMedia,
  userId: string,
  kind: UploadKind,
  content: Buffer,
): Promise<UploadRow> {
  const type = detectMediaType(content);
  if (type === null || isImageType(type) !== (kind === "image")) throw wrongFileType(kind);
  if (content.length > (kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES)) {
    throw tooLarge(kind);
  }
  const id = randomUUID();
  const store = media.writer;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          id,
          userId,
          kind,
          mimeType: type,
          size: content.length,
          sha256: createHash("sha256").update(content).digest("hex"),
          path: id,
          storage: store.name,
        })
        .returning();
      await store.put(tx, id, content, type);
      return row!;
    });
  } catch (error) {
    // An object written before the row's transaction failed would be orphaned.
    if (store.name !== "postgres") await store.remove(id).catch(() => {});
    throw error;
  }
}
