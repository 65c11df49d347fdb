import { createHash, randomUUID } from "node:crypto";
import type { UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { uploads } from "../db/schema";
import type { UploadKind } from "./uploadFiles";
import type { UploadMedia } from "./uploadMedia";

/** What the row of a checked file records besides its bytes. */
export interface UploadFacts {
  userId: string;
  kind: UploadKind;
  mimeType: string;
  width: number | null;
  height: number | null;
  variantOf: string | null;
}

/**
 * Writes a file already checked by content: its row, and its bytes to `media`'s writer
 * (PostgreSQL in the row's transaction, or the object store before it, removed again when the
 * transaction fails).
 */
export async function writeUpload(
  db: Db,
  media: UploadMedia,
  facts: UploadFacts,
  content: Buffer,
): Promise<UploadRow> {
  const id = randomUUID();
  const store = media.writer;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          id,
          ...facts,
          size: content.length,
          sha256: createHash("sha256").update(content).digest("hex"),
          path: id,
          storage: store.name,
        })
        .returning();
      await store.put(tx, id, content, facts.mimeType);
      return row!;
    });
  } catch (error) {
    // An object written before the row's transaction failed would be orphaned.
    if (store.name !== "postgres") await store.remove(id).catch(() => {});
    throw error;
  }
}
