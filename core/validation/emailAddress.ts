// Zod-free, so the booking page can check addresses without bundling zod.

/** Longest email address, in characters (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

/**
 * An address as people write it: zod's `z.email()` pattern (`z.regexes.email`) with letters and
 * digits of every script where it allows ASCII ones, so internationalised addresses
 * (`ünï@exämple.de`, RFC 6531/IDNA) pass. `emailField` passes it to `z.email`, so server and
 * forms accept the same.
 */
export const EMAIL_PATTERN =
  /^(?:[\p{L}\p{M}\p{N}_'+-]+\.)*[\p{L}\p{M}\p{N}_'+-]*[\p{L}\p{M}\p{N}_+-]@(?:[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*\.)+[\p{L}\p{M}]{2,}$/u;

/** Whether `text` (already trimmed) is an email address the server accepts. Pure. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX && EMAIL_PATTERN.test(text);
}
