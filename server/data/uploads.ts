import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { uploads } from "../db/schema";

export type UploadRow = typeof uploads.$inferSelect;

export async function findUpload(db: Db | Tx, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row ?? null;
}
