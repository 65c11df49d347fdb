// The lengths of time in milliseconds that instants are counted in: the one definition of each.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** Milliseconds in a 24-hour day (a calendar day in a zone may be 23 or 25 hours long). */
export const DAY_MS = 24 * HOUR_MS;
