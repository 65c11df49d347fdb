import type { Message } from "../messages";
import { EMAIL_MAX, isEmailAddress } from "../validation/emailAddress";
import { GUESTS_MAX } from "./bookingFormLimits";

/**
 * Why a booking's guest list is refused (more than GUESTS_MAX, or an address the server
 * would not take), or null when it is fine. The request schema checks the same with zod, per
 * address. Pure.
 */
export function checkGuests(guests: readonly string[]): Message | null {
  if (guests.length > GUESTS_MAX)
    return { key: "fields.atMostGuests", params: { count: GUESTS_MAX } };
  const wrong = guests.find((guest) => !isEmailAddress(guest));
  if (wrong !== undefined) return guestEmailMessage(wrong);
  return null;
}

/**
 * "{address} is not a valid email address.": a list of addresses says which one. The address
 * is direction-isolated (FSI…PDI) so an Arabic sentence keeps it whole; it is cut to what an
 * address can be.
 */
export function guestEmailMessage(address: string): Message {
  return {
    key: "fields.invalidGuestEmail",
    params: { address: `\u2068${address.slice(0, EMAIL_MAX)}\u2069` },
  };
}
