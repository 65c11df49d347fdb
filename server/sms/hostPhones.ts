import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/database";
import { hostPhones } from "../db/schema";

/** Whether `phone` (E.164) is `userId`'s own number, verified by a code. */
export async function isVerifiedHostPhone(db: Db, userId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: hostPhones.userId })
    .from(hostPhones)
    .where(
      and(
        eq(hostPhones.userId, userId),
        eq(hostPhones.phone, phone),
        isNotNull(hostPhones.verifiedAt),
      ),
    );
  return row !== undefined;
}
