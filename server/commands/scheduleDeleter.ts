import { asc, eq } from "drizzle-orm";
import { findSchedule } from "../data/schedules";
import type { Db } from "../db/database";
import { schedules } from "../db/schema";
import { assertCanManageSchedule } from "../policies/schedules";

/**
 * Deletes a schedule of `userId`; when it was the default, the oldest remaining one takes over.
 * Throws NOT_FOUND for another host's schedule.
 */
export async function scheduleDeleter(db: Db, userId: string, scheduleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = assertCanManageSchedule(userId, await findSchedule(tx, scheduleId));
    await tx.delete(schedules).where(eq(schedules.id, scheduleId));
    if (current.isDefault) {
      const [next] = await tx
        .select({ id: schedules.id })
        .from(schedules)
        .where(eq(schedules.userId, userId))
        .orderBy(asc(schedules.createdAt))
        .limit(1);
      if (next) {
        await tx.update(schedules).set({ isDefault: true }).where(eq(schedules.id, next.id));
      }
    }
  });
}
