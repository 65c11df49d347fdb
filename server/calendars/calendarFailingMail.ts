import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { type CalendarSyncError, users } from "../db/schema";
import { enqueueMails } from "../mail/outbox";

/** The dashboard screen of calendar connections. */
export const CALENDARS_PATH = "/dashboard/calendars";

/** Writes the one mail that tells a host their connection started failing, in their language. */
export async function enqueueCalendarFailingMail(
  tx: Db | Tx,
  input: {
    userId: string;
    connectionName: string;
    reason: CalendarSyncError;
    publicUrl: string;
    now: Date;
  },
): Promise<void> {
  const [host] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, input.userId));
  if (host === undefined) return;
  await enqueueMails(
    tx,
    [
      {
        template: "calendarFailing",
        to: { email: host.email, name: host.name },
        language: host.language,
        data: {
          connectionName: input.connectionName,
          reason: input.reason,
          url: `${input.publicUrl}${CALENDARS_PATH}`,
        },
      },
    ],
    input.now,
  );
}
