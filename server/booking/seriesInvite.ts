import { asc, eq } from "drizzle-orm";
import type { EventRow } from "../data/bookings";
import type { Db, Tx } from "../db/database";
import { events } from "../db/schema";
import { meetingUid } from "../mail/bookingMails";
import type { MailSeries } from "../mail/mailTypes";

const WEEK_MS = 7 * 86_400_000;

type Occurrence = Pick<EventRow, "startAt" | "endAt" | "status">;

/**
 * A series as its mails and recurring invite describe it, from all its occurrences (cancelled
 * ones included; an occurrence is never moved, so the rows keep the rule's dates). The interval
 * is read from the first two starts: a DST change between them is an hour off a whole week.
 * The sequence rises with each cancelled occurrence. Pure; `occurrences` must not be empty.
 */
export function describeSeries(
  seriesId: string,
  occurrences: readonly Occurrence[],
  timeZone: string,
): MailSeries {
  const sorted = [...occurrences].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  const first = sorted[0]!;
  const second = sorted[1];
  const everyWeeks =
    second === undefined
      ? 1
      : Math.max(1, Math.round((second.startAt.getTime() - first.startAt.getTime()) / WEEK_MS));
  const gone = sorted.filter((o) => o.status === "CANCELLED");
  return {
    uid: meetingUid(seriesId),
    sequence: gone.length,
    timeZone,
    everyWeeks,
    count: sorted.length,
    first: { start: first.startAt.toISOString(), end: first.endAt.toISOString() },
    lastStart: sorted.at(-1)!.startAt.toISOString(),
    exdates: gone.map((o) => o.startAt.toISOString()),
    remaining: sorted
      .filter((o) => o.status !== "CANCELLED")
      .map((o) => ({ start: o.startAt.toISOString(), end: o.endAt.toISOString() })),
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
