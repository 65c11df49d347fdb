import { expiredRequestSweeper } from "../commands/expiredRequestSweeper";
import type { Database } from "../db/database";
import { type PollingWorker, startPollingWorker } from "./pollingWorker";

export interface ExpiredRequestWorkerOptions {
  database: Database;
  publicUrl: string;
  clock: () => Date;
  log?: { warn(obj: object, msg: string): void };
  /** How often to look for requests past their deadline. */
  pollMs?: number;
}

/**
 * Expires the booking requests nobody answered, on a schedule of its own whether or not mail is
 * sent: a request's deadline comes by time, not by a commit, so a poll is the whole of it. The
 * mails and webhooks an expiry writes wake their own workers. Resolves each pass with how many
 * expired.
 */
export function startExpiredRequestWorker(
  options: ExpiredRequestWorkerOptions,
): PollingWorker<number> {
  const { database, publicUrl, clock } = options;
  return startPollingWorker({
    tick: () => expiredRequestSweeper(database.db, { publicUrl, now: clock() }),
    pollMs: options.pollMs ?? 10_000,
    onError(error) {
      options.log?.warn({ err: error }, "expired request sweep failed");
      return 0;
    },
  });
}
