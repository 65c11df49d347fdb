import { createHash, randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { detectMediaType, isImageType } from "../../core/uploads/detectMediaType";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../../core/uploads/uploadLimits";
import type { UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { uploads } from "../db/schema";
import { tooLarge, type UploadKind, uploadPath, wrongFileType } from "../uploads/uploadFiles";

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
  if (type === null || isImageType(type) !== (kind === "image")) throw wrongFileType(kind);
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
