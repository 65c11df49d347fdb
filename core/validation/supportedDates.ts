import { issueMessage } from "../issueMessage";
import { isLocalDate } from "../time/localDate";

/**
 * The dates any API field takes: years before the Unix epoch or past 9999 are typing mistakes
 * here, and PostgreSQL refuses year 0 and JavaScript's extended years (SQLSTATE 22008).
 */
export const SUPPORTED_DATES = { earliest: "1970-01-01", latest: "9999-12-31" } as const;

/** The zod issue message for a date or instant outside SUPPORTED_DATES. */
export const UNSUPPORTED_DATE_MESSAGE = issueMessage("time.useDateBetween", SUPPORTED_DATES);

const LATEST_MS = Date.UTC(10_000, 0, 1) - 1;

// An ISO 8601 instant: a date, a time to the minute at least, and Z or an offset.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Whether `date` is an existing `yyyy-MM-dd` date within SUPPORTED_DATES; never throws. */
export function isSupportedDate(date: string): boolean {
  return isLocalDate(date) && date >= SUPPORTED_DATES.earliest && date <= SUPPORTED_DATES.latest;
}

/** Whether `text` is an ISO 8601 instant (Z or an offset) within SUPPORTED_DATES; never throws. */
export function isSupportedInstant(text: string): boolean {
  if (!ISO_INSTANT.test(text) || !isLocalDate(text.slice(0, 10))) return false;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= 0 && ms <= LATEST_MS;
}
