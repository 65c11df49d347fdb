import { customAlphabet } from "nanoid";
import type { SingleUseLinkRow } from "../data/singleUseLinks";
import type { Db } from "../db/database";
import { singleUseLinks } from "../db/schema";
import { assertCanManageSingleUseLinks } from "../policies/singleUseLinks";

// 16 characters of 55 without look-alikes: about 92 bits, so links cannot be guessed.
const newToken = customAlphabet("23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ", 16);

/** Creates a link that books the event type once. Throws NOT_FOUND, FORBIDDEN. */
export async function singleUseLinkCreator(
  db: Db,
  userId: string,
  eventTypeId: string,
): Promise<SingleUseLinkRow> {
  await assertCanManageSingleUseLinks(db, userId, eventTypeId);
  const [row] = await db
    .insert(singleUseLinks)
    .values({ eventTypeId, token: newToken() })
    .returning();
  return row!;
}
