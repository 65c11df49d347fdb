import { eq } from "drizzle-orm";
import type { ScheduleInput } from "../../core/schedules/scheduleSchema";
import type { ScheduleRow } from "../data/schedules";
import type { Db } from "../db/database";
import { schedules } from "../db/schema";

/** Creates a schedule; a user's first one, or one asked to be, becomes the default. */
export async function scheduleCreator(
  db: Db,
  userId: string,
  input: ScheduleInput,
): Promise<ScheduleRow> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.userId, userId))
      .limit(1);
    const isDefault = existing.length === 0 || input.isDefault === true;
    if (isDefault && existing.length > 0) {
      await tx.update(schedules).set({ isDefault: false }).where(eq(schedules.userId, userId));
    }
    const [row] = await tx
      .insert(schedules)
      .values({ userId, ...input, isDefault })
      .returning();
    return row!;
  });
}
