import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { smsOptOuts } from "../db/schema";

/** Twilio's default opt-out words (Advanced Opt-Out), matched on the whole trimmed reply. */
export const OPT_OUT_WORDS = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
] as const;
/** Twilio's default opt-in words. */
export const OPT_IN_WORDS = ["START", "YES", "UNSTOP"] as const;

/**
 * What an inbound reply asks: Twilio's OptOutType when it sent one (it knows the words set for
 * the number), else the default words. Anything else asks nothing.
 */
export function optOutIntent(
  body: string,
  optOutType: string | undefined,
): "stop" | "start" | null {
  const type = optOutType?.toUpperCase();
  if (type === "STOP") return "stop";
  if (type === "START") return "start";
  if (type !== undefined && type !== "") return null;
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return "stop";
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return "start";
  return null;
}

export async function isOptedOut(db: Db, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return row !== undefined;
}

/** Records that `phone` wants no more texts; kept as first recorded when already there. */
export async function optOut(db: Db, phone: string, source: string, now: Date): Promise<void> {
  await db
    .insert(smsOptOuts)
    .values({ phone, source, optedOutAt: now })
    .onConflictDoNothing({ target: smsOptOuts.phone });
}

/** `phone` replied START: texts may go to it again. */
export async function optIn(db: Db, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}
