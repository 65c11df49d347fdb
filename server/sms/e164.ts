import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * `value` as a valid E.164 number ("+4915112345678"), or null. Only international numbers are
 * read (a leading +): a text's recipient has no country to guess from. Never throws.
 */
export function e164(value: string): string | null {
  const text = value.trim();
  if (!text.startsWith("+") || text.length > 40) return null;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : null;
}
