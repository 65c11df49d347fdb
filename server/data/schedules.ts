import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { schedules } from "../db/schema";

export type ScheduleRow = typeof schedules.$inferSelect;

export function listSchedules(db: Db, userId: string): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(eq(schedules.userId, userId))
    .orderBy(asc(schedules.createdAt), asc(schedules.id));
}

/** The schedule if `userId` owns it, else null (another host's schedule does not exist for them). */
export async function findOwnSchedule(
  db: Db | Tx,
  userId: string,
  scheduleId: string,
): Promise<ScheduleRow | null> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, scheduleId), eq(schedules.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A schedule by id, whoever owns it (policies/schedules decides who may use it). */
export async function findSchedule(db: Db | Tx, scheduleId: string): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId)).limit(1);
  return row ?? null;
}
