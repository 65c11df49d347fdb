// Zod-free, so the booking page can check addresses without bundling zod.

/** Longest email address, in characters (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

/**
 * The address pattern of zod's `z.email()` (`z.regexes.email`), copied so forms can use it
 * without zod; `emailField` passes it back to `z.email`, so server and forms accept the same.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `text` (already trimmed) is an email address the server accepts. Pure. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX && EMAIL_PATTERN.test(text);
}
