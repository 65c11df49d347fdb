import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { singleUseLinks } from "../db/schema";

export type SingleUseLinkRow = typeof singleUseLinks.$inferSelect;

/** The single-use links of an event type, newest first. */
export function listSingleUseLinks(db: Db | Tx, eventTypeId: string): Promise<SingleUseLinkRow[]> {
  return db
    .select()
    .from(singleUseLinks)
    .where(eq(singleUseLinks.eventTypeId, eventTypeId))
    .orderBy(desc(singleUseLinks.createdAt), desc(singleUseLinks.id));
}

export async function findSingleUseLink(
  db: Db | Tx,
  eventTypeId: string,
  linkId: string,
): Promise<SingleUseLinkRow | null> {
  const [row] = await db
    .select()
    .from(singleUseLinks)
    .where(and(eq(singleUseLinks.eventTypeId, eventTypeId), eq(singleUseLinks.id, linkId)))
    .limit(1);
  return row ?? null;
}
