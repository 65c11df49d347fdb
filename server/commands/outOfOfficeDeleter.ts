import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { outOfOffice } from "../db/schema";
import { loadManagedOutOfOffice } from "../policies/outOfOffice";

/** Deletes a period of `userId`; NOT_FOUND for another host's. */
export async function outOfOfficeDeleter(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await loadManagedOutOfOffice(tx, userId, id);
    await tx.delete(outOfOffice).where(eq(outOfOffice.id, id));
  });
}
