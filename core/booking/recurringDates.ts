import { addDays } from "../time/localDate";

/**
 * The local dates of a weekly series: the first date, then one every `everyWeeks` weeks, each at
 * the first one's wall-clock time (recurringStarts gives the instants). Pure; no zone data, so
 * the booking page can show them without loading any.
 */
export function recurringDates(firstDate: string, everyWeeks: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(firstDate, i * everyWeeks * 7));
}
