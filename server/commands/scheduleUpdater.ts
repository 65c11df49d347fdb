import { and, eq, ne } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { ScheduleUpdate } from "../../core/schedules/scheduleSchema";
import { findSchedule, type ScheduleRow } from "../data/schedules";
import type { Db } from "../db/database";
import { schedules } from "../db/schema";
import { assertCanManageSchedule } from "../policies/schedules";

/**
 * Changes a schedule of `userId`; making it the default takes that from the previous one.
 * Throws NOT_FOUND for another host's schedule, VALIDATION for unsetting the default.
 */
export async function scheduleUpdater(
  db: Db,
  userId: string,
  scheduleId: string,
  update: ScheduleUpdate,
): Promise<ScheduleRow> {
  return db.transaction(async (tx) => {
    const current = assertCanManageSchedule(userId, await findSchedule(tx, scheduleId));
    if (update.isDefault === false && current.isDefault) {
      throw new DomainError("VALIDATION", message("schedules.keepDefault"), {
        isDefault: [message("schedules.keepDefault")],
      });
    }
    if (update.isDefault === true) {
      await tx
        .update(schedules)
        .set({ isDefault: false })
        .where(and(eq(schedules.userId, userId), ne(schedules.id, scheduleId)));
    }
    const [row] = await tx
      .update(schedules)
      .set(update)
      .where(eq(schedules.id, scheduleId))
      .returning();
    return row!;
  });
}
