import type { InsightsBucket } from "../api/bookingInsights";
import { addDays, formatLocalDate, mondayOnOrBefore, parseLocalDate } from "../time/localDate";

/**
 * The first day (`yyyy-MM-dd`) of every bucket touching `from`..`to` (both included), oldest
 * first: each day, each ISO week (from its Monday, which may be before `from`), or each calendar
 * month (from its first). Throws on a date that is not `yyyy-MM-dd`.
 */
export function bucketStarts(from: string, to: string, bucket: InsightsBucket): string[] {
  const first =
    bucket === "day"
      ? from
      : bucket === "week"
        ? formatLocalDate(mondayOnOrBefore(parseLocalDate(from)))
        : `${from.slice(0, 8)}01`;
  const starts: string[] = [];
  for (let start = first; start <= to; start = next(start, bucket)) starts.push(start);
  return starts;
}

function next(start: string, bucket: InsightsBucket): string {
  if (bucket === "day") return addDays(start, 1);
  if (bucket === "week") return addDays(start, 7);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  return month === 12
    ? `${String(year + 1).padStart(4, "0")}-01-01`
    : `${start.slice(0, 5)}${String(month + 1).padStart(2, "0")}-01`;
}
