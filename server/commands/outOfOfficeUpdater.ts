import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { outOfOfficeUpdateSchema } from "../../core/api/outOfOffice";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { OutOfOfficeRow } from "../data/outOfOffice";
import type { Db } from "../db/database";
import { outOfOffice } from "../db/schema";
import { assertMayNameColleague, loadManagedOutOfOffice } from "../policies/outOfOffice";

/**
 * Changes a period of `userId`. NOT_FOUND for another host's period; VALIDATION when the change
 * would end it before it starts or name a colleague the host may not name (a colleague kept as
 * it was is not checked again, so editing the dates of a period whose colleague left still works).
 */
export async function outOfOfficeUpdater(
  db: Db,
  userId: string,
  id: string,
  update: z.output<typeof outOfOfficeUpdateSchema>,
): Promise<OutOfOfficeRow> {
  return db.transaction(async (tx) => {
    const current = await loadManagedOutOfOffice(tx, userId, id);
    const startDate = update.startDate ?? current.startDate;
    const endDate = update.endDate ?? current.endDate;
    if (endDate < startDate) {
      throw new DomainError("VALIDATION", message("time.endBeforeStartDate"), {
        endDate: [message("time.endBeforeStartDate")],
      });
    }
    if (update.colleagueId !== undefined && update.colleagueId !== current.colleagueId) {
      await assertMayNameColleague(tx, userId, update.colleagueId);
    }
    const [row] = await tx
      .update(outOfOffice)
      .set({ ...update, startDate, endDate })
      .where(eq(outOfOffice.id, id))
      .returning();
    return row!;
  });
}
