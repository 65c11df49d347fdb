import { and, asc, eq, ne } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import type { ScheduleInput, ScheduleUpdate } from "../../core/schedules/scheduleSchema";
import { findOwnSchedule, type ScheduleRow } from "../data/schedules";
import type { Db, Tx } from "../db/database";
import { schedules } from "../db/schema";

const notFound = () => new DomainError("NOT_FOUND", "Schedule not found.");

async function clearDefault(tx: Tx, userId: string, exceptId: string) {
  await tx
    .update(schedules)
    .set({ isDefault: false })
    .where(and(eq(schedules.userId, userId), ne(schedules.id, exceptId)));
}

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

/** Changes a schedule of `userId`; making it the default takes that from the previous one. */
export async function scheduleUpdater(
  db: Db,
  userId: string,
  scheduleId: string,
  update: ScheduleUpdate,
): Promise<ScheduleRow> {
  return db.transaction(async (tx) => {
    const current = await findOwnSchedule(tx, userId, scheduleId);
    if (!current) throw notFound();
    if (update.isDefault === false && current.isDefault) {
      throw new DomainError("VALIDATION", "Make another schedule the default instead.", {
        isDefault: ["Make another schedule the default instead."],
      });
    }
    if (update.isDefault === true) await clearDefault(tx, userId, scheduleId);
    const [row] = await tx
      .update(schedules)
      .set(update)
      .where(eq(schedules.id, scheduleId))
      .returning();
    return row!;
  });
}

/** Deletes a schedule of `userId`; when it was the default, the oldest remaining one takes over. */
export async function scheduleDeleter(db: Db, userId: string, scheduleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findOwnSchedule(tx, userId, scheduleId);
    if (!current) throw notFound();
    await tx.delete(schedules).where(eq(schedules.id, scheduleId));
    if (current.isDefault) {
      const [next] = await tx
        .select({ id: schedules.id })
        .from(schedules)
        .where(eq(schedules.userId, userId))
        .orderBy(asc(schedules.createdAt))
        .limit(1);
      if (next)
        await tx.update(schedules).set({ isDefault: true }).where(eq(schedules.id, next.id));
    }
  });
}
