// The code that proves a host owns the number their own texts go to. Shared by the server,
// which enforces them, and the settings form, which counts down to the next resend.

/** Digits in a code. */
export const PHONE_CODE_LENGTH = 6;
/** Minutes a code is good for. */
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong tries before a code is spent. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Seconds before another code may be sent. */
export const PHONE_CODE_RESEND_SECONDS = 60;
