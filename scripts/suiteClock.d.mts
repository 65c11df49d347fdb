export const SUITE_ZONE: string;
export const SUITE_TIME: string;
/** The instant Berlin's clocks show `date` (yyyy-MM-dd) `time` (HH:mm); the earlier of two. */
export function berlinInstant(date: string, time: string): Date;
/** Berlin's date (yyyy-MM-dd) at `instant`. */
export function berlinDate(instant: Date): string;
/** Berlin's wall time (yyyy-MM-dd HH:mm) at `instant`. */
export function berlinWallTime(instant: Date): string;
/** The first Tuesday at least seven days after `today` (yyyy-MM-dd). */
export function suiteDay(today: string): string;
/** The last day of the first month that ends at least seven days after `today`. */
export function monthEndAhead(today: string): string;
/** The first day at least seven days after `today` on which Berlin's clocks change. */
export function clockChangeDayAhead(today: string): string;
/** The instant SLOTTED_FAKE_NOW names, or the suite's usual time on the suite's day. */
export function suiteInstant(fakeNow: string | undefined, today: string): Date;
/** The hours the browser suite must pass at, each as SLOTTED_FAKE_NOW. */
export function sweep(today: string): { name: string; fakeNow: string }[];
