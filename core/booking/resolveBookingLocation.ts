import type { EventLocation } from "../eventTypes/eventTypeSchema";
import { ONLINE_LOCATION_TYPES } from "../eventTypes/eventTypeSchema";
import { type Message, message } from "../messages";
import { normalizePhoneNumber } from "./normalizePhoneNumber";

/** Where a booked meeting takes place: the location type and its one detail for both sides. */
export interface BookedLocation {
  type: string;
  /** The address, custom text, join URL, or phone number to call; absent when there is none. */
  value?: string;
}

export type LocationResult =
  | { ok: true; location: BookedLocation | null }
  | { ok: false; field: "location" | "location.value"; message: Message };

/** Whether an offered location needs a detail from the invitee (their phone number). */
export function needsInviteeValue(location: EventLocation): boolean {
  if (location.type === "WHATSAPP") return true;
  return location.type === "PHONE_CALL" && location.options.direction !== "INVITEE_CALLS_HOST";
}

function booked(location: EventLocation, inviteePhone: string | null): BookedLocation {
  const { type, options } = location;
  let value: string | undefined;
  if (type === "IN_PERSON") value = options.address;
  else if (type === "CUSTOM") value = options.custom;
  else if (ONLINE_LOCATION_TYPES.has(type)) value = options.url;
  else if (needsInviteeValue(location)) value = inviteePhone ?? undefined;
  else if (type === "PHONE_CALL") value = options.phone;
  return value === undefined ? { type } : { type, value };
}

/**
 * The location a booking gets: one of the event type's, chosen by `requested.type` (and, for
 * several in-person or custom ones, by the address or text; for phone calls, by whether the
 * invitee gave a number). An invitee's phone number is checked and put in E.164 form.
 * Pure; never throws.
 */
export function resolveBookingLocation(
  offered: readonly EventLocation[],
  requested: { type: string; value?: string | undefined } | undefined,
  timeZone: string,
): LocationResult {
  const select = { ok: false, field: "location", message: message("fields.selectOption") } as const;
  if (offered.length === 0) return { ok: true, location: null };
  if (requested === undefined) {
    const only = offered.length === 1 ? offered[0]! : null;
    if (only && !needsInviteeValue(only)) return { ok: true, location: booked(only, null) };
    return select;
  }
  let candidates = offered.filter((l) => l.type === requested.type);
  if (candidates.length === 0) return select;
  if (candidates.length > 1 && (requested.type === "IN_PERSON" || requested.type === "CUSTOM")) {
    const text = requested.value?.trim();
    const same = candidates.filter((l) => (l.options.address ?? l.options.custom) === text);
    if (same.length === 0) return select;
    candidates = same;
  }
  if (candidates.length > 1 && requested.type === "PHONE_CALL") {
    const wanted = requested.value ? "HOST_CALLS_INVITEE" : "INVITEE_CALLS_HOST";
    candidates = candidates.filter((l) => (l.options.direction ?? "HOST_CALLS_INVITEE") === wanted);
    if (candidates.length === 0) return select;
  }
  const chosen = candidates[0]!;
  if (!needsInviteeValue(chosen)) return { ok: true, location: booked(chosen, null) };
  const phone = requested.value ? normalizePhoneNumber(requested.value, timeZone) : null;
  if (phone === null)
    return { ok: false, field: "location.value", message: message("fields.invalidPhone") };
  return { ok: true, location: booked(chosen, phone) };
}
