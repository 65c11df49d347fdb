// Kept apart from eventTypeSchema.ts (which builds zod schemas) so the booking page's forms can
// import the limits without bundling zod.

/** Longest answer to a short-text question, in characters (spec §5). */
export const SHORT_ANSWER_MAX = 255;
/** Longest answer to a long-text question, in characters (spec §5). */
export const LONG_ANSWER_MAX = 1000;
/** Longest reason for cancelling or rescheduling, in characters (spec §5). */
export const REASON_MAX = 256;
/** Longest event type title, in characters. */
export const EVENT_TITLE_MAX = 200;
/** Longest event type link (slug), in characters. */
export const EVENT_SLUG_MAX = 80;
/** Longest event type description, in characters. */
export const EVENT_DESCRIPTION_MAX = 5000;
