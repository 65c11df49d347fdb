import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { isTransactionConflict } from "./sqlState";

/** Seconds a caller is asked to wait after the database gave up on a conflicting transaction. */
const RETRY_AFTER_SECONDS = 1;

/** UNAVAILABLE (503, Retry-After): the database is too busy with conflicting work right now. */
export function databaseBusy(): DomainError {
  return new DomainError("UNAVAILABLE", message("general.busy"), undefined, RETRY_AFTER_SECONDS);
}

/**
 * Runs `work` (a whole transaction or a single statement) and, when PostgreSQL aborts it for a
 * serialization failure or deadlock, runs it once more; a second conflict throws UNAVAILABLE
 * (databaseBusy), never "the time was taken": nothing was decided about the slot. Any other
 * error passes through untouched.
 */
export async function retryOnceOnConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isTransactionConflict(error)) throw error;
  }
  try {
    return await work();
  } catch (error) {
    if (isTransactionConflict(error)) throw databaseBusy();
    throw error;
  }
}
