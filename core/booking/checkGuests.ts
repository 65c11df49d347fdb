import type { Message } from "../messages";
import { isEmailAddress } from "../validation/emailAddress";
import { GUESTS_MAX } from "./bookingLimits";

/**
 * Why a booking's guest list is refused (more than GUESTS_MAX, or an address the server
 * would not take), or null when it is fine. The request schema checks the same with zod, per
 * address. Pure.
 */
export function checkGuests(guests: readonly string[]): Message | null {
  if (guests.length > GUESTS_MAX)
    return { key: "fields.atMostGuests", params: { count: GUESTS_MAX } };
  if (guests.some((guest) => !isEmailAddress(guest)))
    return { key: "fields.invalidEmail", params: {} };
  return null;
}
