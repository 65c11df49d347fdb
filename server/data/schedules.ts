import { asc, eq } from "drizzle-orm";
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

/** A schedule by id, whoever owns it (policies/schedules decides who may use it). */
export async function findSchedule(db: Db | Tx, scheduleId: string): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId)).limit(1);
  return row ?? null;
}
