import type { Db, Tx } from "../db/database";
import { outbox } from "../db/schema";
import type { MailPayload } from "./mailTypes";

/**
 * Writes mails to the outbox, in the caller's transaction: they go out if and only if the
 * change they announce commits. The outbox worker renders and delivers them.
 */
export async function enqueueMails(db: Db | Tx, mails: MailPayload[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(outbox).values(
    mails.map((payload) => ({
      kind: "mail" as const,
      payload: payload as unknown as Record<string, unknown>,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}
