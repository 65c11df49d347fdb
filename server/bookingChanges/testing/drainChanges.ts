import type { Database } from "../../db/database";
import type { Deps } from "../../deps";
import { processChanges } from "../processChanges";

/**
 * Derives the effects of every booking change the test's commands recorded, as the change
 * worker of a running server would: tests read mails, reminders, webhooks and calendar jobs
 * after it. Throws what a processor threw.
 */
export async function drainChanges(t: { database: Database; deps: Deps }): Promise<number> {
  let failure: unknown = null;
  const processed = await processChanges(
    t.database.db,
    {
      publicUrl: t.deps.config.publicUrl,
      secret: t.deps.config.sessionSecret,
      clock: t.deps.clock,
    },
    (_change, error) => {
      failure ??= error;
    },
  );
  if (failure !== null) throw failure;
  return processed;
}
