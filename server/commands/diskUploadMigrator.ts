import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { uploads } from "../db/schema";
import { uploadPath } from "../uploads/uploadFiles";
import type { UploadMedia } from "../uploads/uploadMedia";

export interface DiskUploadMigration {
  moved: number;
  /** Uploads whose file is not in this DATA_DIR (another machine's, or deleted by hand). */
  missing: string[];
}

/**
 * Moves uploads stored as files in `dataDir/uploads` (before media left the local disk) to
 * `media`'s writer, one transaction per upload. Idempotent and safe to run from several
 * processes at once: an upload is moved once, and one whose file is missing here stays as
 * it is for a process that has it. The files are left in place.
 */
export async function diskUploadMigrator(
  db: Db,
  media: UploadMedia,
  dataDir: string,
): Promise<DiskUploadMigration> {
  const rows = await db
    .select({ id: uploads.id, path: uploads.path, mimeType: uploads.mimeType })
    .from(uploads)
    .where(eq(uploads.storage, "disk"));
  const result: DiskUploadMigration = { moved: 0, missing: [] };
  const store = media.writer;
  for (const row of rows) {
    let content: Buffer;
    try {
      content = await readFile(uploadPath(dataDir, row.path));
    } catch {
      result.missing.push(row.id);
      continue;
    }
    const moved = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(uploads)
        .set({ storage: store.name })
        .where(and(eq(uploads.id, row.id), eq(uploads.storage, "disk")))
        .returning({ id: uploads.id });
      if (!claimed) return false;
      await store.put(tx, row.id, content, row.mimeType);
      return true;
    });
    if (moved) result.moved += 1;
  }
  return result;
}
