import type {
  BookingChangeRow,
  CancelledData,
  CreatedData,
  RescheduledBefore,
} from "../../booking/bookingChange";
import type { ChangeProcessor } from "../changeContext";

/**
 * The meetings whose insights a change may alter: its own, each occurrence a series booking
 * wrote or a series cancel ended, and the one a move left (a seat moved out of it, with its
 * payment, or the whole meeting to a frozen former row).
 */
export function meetingsOfChange(change: BookingChangeRow): string[] {
  const data = change.data as Partial<CreatedData & CancelledData>;
  const before = change.before as Partial<RescheduledBefore> | null;
  const ids = [
    change.eventId,
    ...(data.occurrences ?? []).map((occurrence) => occurrence.eventId),
    ...(data.eventIds ?? []),
  ];
  const left = before?.event?.id;
  if (change.kind === "rescheduled" && typeof left === "string") ids.push(left);
  return [...new Set(ids)];
}

/**
 * Keeps the insights' booking facts: the meetings a change concerns are written afresh from
 * their rows (once per batch for the changes derived together). After the refund processor, whose refunds change what a meeting earned.
 */
export const bookingFactsProcessor: ChangeProcessor = (context) =>
  context.out.facts(meetingsOfChange(context.change));
