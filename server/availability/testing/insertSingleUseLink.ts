import { randomBytes } from "node:crypto";
import type { Db } from "../../db/database";
import { singleUseLinks } from "../../db/schema";

/** Test helper: a single-use link to an event type, used already when `usedAt` is given. */
export async function insertSingleUseLink(
  db: Db,
  eventTypeId: string,
  options: { usedAt?: Date } = {},
): Promise<string> {
  const token = randomBytes(9).toString("base64url");
  await db.insert(singleUseLinks).values({ eventTypeId, token, usedAt: options.usedAt ?? null });
  return token;
}
