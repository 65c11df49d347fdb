import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { countryForTimeZone } from "../time/zoneCountry";

const PHONE_CHARACTERS = /^\+?[0-9 ()./-]{4,40}$/;

/**
 * The number in international E.164 form ("+4930123456"), or null when it is not a valid
 * phone number. A number without a leading + is read in the country of `timeZone` (the
 * spec's zone-to-country table), as the booking form's phone input does. Never throws.
 */
export function normalizePhoneNumber(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (!PHONE_CHARACTERS.test(text)) return null;
  const country = countryForTimeZone(timeZone) as CountryCode;
  const parsed = parsePhoneNumberFromString(text, country);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
