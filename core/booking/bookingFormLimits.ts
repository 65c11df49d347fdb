// What the booking form accepts: salutations, guests, and the emailed code's length and lifetime.
// (Caps on how many meetings a host takes are core/availability/bookingLimits.ts.)

/** Salutations the booking form offers (the spec's SALUTATION field). */
export const SALUTATIONS = ["Mr", "Ms", "Other"] as const;
export type Salutation = (typeof SALUTATIONS)[number];

/** How many guest emails one booking may add. */
export const GUESTS_MAX = 10;

/** Email verification: digits of a code, minutes it stays valid, wrong tries it survives. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** The spec's CODE_EXPIRES_IN: seconds before the booking page may ask for a new code. */
export const CODE_EXPIRES_IN = 60;
