/** A weekly series repeats every 1 to this many weeks. */
export const RECURRENCE_EVERY_WEEKS_MAX = 4;
/** A series has at most this many occurrences (a year of weekly meetings). */
export const RECURRENCE_OCCURRENCES_MAX = 52;
