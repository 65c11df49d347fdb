import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { uploads } from "../db/schema";

export type UploadRow = typeof uploads.$inferSelect;

export async function findUpload(db: Db | Tx, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row ?? null;
}

/** The smaller copies of the images `originalIds`, in no order. */
export function variantsOf(db: Db | Tx, originalIds: string[]): Promise<UploadRow[]> {
  if (originalIds.length === 0) return Promise.resolve([]);
  return db.select().from(uploads).where(inArray(uploads.variantOf, originalIds));
}
