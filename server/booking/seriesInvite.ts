import { asc, eq } from "drizzle-orm";
import type { EventRow } from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { events } from "../db/schema";
import { meetingUid } from "../mail/bookingMails";
import type { MailSeries } from "../mail/mailTypes";

const WEEK_MS = 7 * 86_400_000;

type Occurrence = Pick<EventRow, "startAt" | "endAt" | "status" | "sequence"> & {
  recurrenceStartAt?: Date | null;
};

/** Where the series' rule puts an occurrence: its start, or where it was before it moved. */
const ruleStart = (o: Occurrence) => (o.recurrenceStartAt ?? o.startAt).getTime();

/**
 * A series as its mails and recurring invite describe it, from all its occurrences (cancelled
 * ones included). The rule (first start, interval, count, EXDATEs) is read from each
 * occurrence's rule start, so a moved occurrence leaves it unchanged and is told as an
 * override (RECURRENCE-ID). The interval is read from the first two rule starts: a DST change
 * between them is an hour off a whole week. The sequence is the sum of the occurrences' own,
 * so it rises with every occurrence cancelled or moved. Pure; `occurrences` must not be empty.
 */
export function describeSeries(
  seriesId: string,
  occurrences: readonly Occurrence[],
  timeZone: string,
): MailSeries {
  const byRule = [...occurrences].sort((a, b) => ruleStart(a) - ruleStart(b));
  const first = byRule[0]!;
  const second = byRule[1];
  const everyWeeks =
    second === undefined
      ? 1
      : Math.max(1, Math.round((ruleStart(second) - ruleStart(first)) / WEEK_MS));
  const iso = (instant: number) => new Date(instant).toISOString();
  const active = byRule.filter((o) => o.status !== "CANCELLED");
  // The first occurrence may itself have moved: the rule's DTSTART is where it was.
  const firstStart = ruleStart(first);
  const firstEnd = firstStart + (first.endAt.getTime() - first.startAt.getTime());
  const latest = Math.max(...occurrences.map((o) => Math.max(ruleStart(o), o.startAt.getTime())));
  return {
    uid: meetingUid(seriesId),
    sequence: occurrences.reduce((sum, o) => sum + o.sequence, 0),
    timeZone,
    everyWeeks,
    count: byRule.length,
    first: { start: iso(firstStart), end: iso(firstEnd) },
    lastStart: iso(latest),
    exdates: byRule.filter((o) => o.status === "CANCELLED").map((o) => iso(ruleStart(o))),
    remaining: [...active]
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime())
      .map((o) => ({ start: o.startAt.toISOString(), end: o.endAt.toISOString() })),
    moved: active
      .filter((o) => ruleStart(o) !== o.startAt.getTime())
      .map((o) => ({
        recurrenceId: iso(ruleStart(o)),
        start: o.startAt.toISOString(),
        end: o.endAt.toISOString(),
      })),
  };
}

/** The occurrences of a series, by start, in the caller's transaction or not. */
export function findSeriesEvents(db: Db | Tx, seriesId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(asc(events.startAt));
}

/** describeSeries over the series' rows as they are now (read after a change is written). */
export async function loadSeries(db: Db | Tx, seriesId: string, timeZone: string) {
  return describeSeries(seriesId, await findSeriesEvents(db, seriesId), timeZone);
}
