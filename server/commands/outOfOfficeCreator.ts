import type { z } from "zod";
import type { outOfOfficeCreateSchema } from "../../core/api/outOfOffice";
import type { OutOfOfficeRow } from "../data/outOfOffice";
import type { Db } from "../db/database";
import { outOfOffice } from "../db/schema";
import { assertMayNameColleague } from "../policies/outOfOffice";

/** Marks days of `userId` as out of office; VALIDATION for a colleague the host may not name. */
export async function outOfOfficeCreator(
  db: Db,
  userId: string,
  period: z.output<typeof outOfOfficeCreateSchema>,
): Promise<OutOfOfficeRow> {
  return db.transaction(async (tx) => {
    await assertMayNameColleague(tx, userId, period.colleagueId);
    const [row] = await tx
      .insert(outOfOffice)
      .values({ ...period, userId })
      .returning();
    return row!;
  });
}
