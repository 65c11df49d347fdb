import type { TFunction } from "i18next";
import { isolateText } from "../../components/UserText";
import type { PublicLocation } from "./bookingApi";

const names = {
  IN_PERSON: "booking.location.IN_PERSON",
  PHONE_CALL: "booking.location.PHONE_CALL",
  CUSTOM: "booking.location.CUSTOM",
  ONLINE: "booking.location.ONLINE",
  ZOOM: "booking.location.ZOOM",
  GOOGLE_MEET: "booking.location.GOOGLE_MEET",
  MICROSOFT_TEAMS: "booking.location.MICROSOFT_TEAMS",
  MICROSOFT_SKYPE: "booking.location.MICROSOFT_SKYPE",
  WEBEX: "booking.location.WEBEX",
  WHATSAPP: "booking.location.WHATSAPP",
  WHEREBY: "booking.location.WHEREBY",
  JITSI: "booking.location.JITSI",
  MICROSOFT_TEAMS_MEETING: "booking.location.MICROSOFT_TEAMS_MEETING",
  GOOGLE_MEET_CONNECTED: "booking.location.GOOGLE_MEET_CONNECTED",
  ZOOM_CONNECTED: "booking.location.ZOOM_CONNECTED",
} as const;

/** The name of a location kind ('Zoom', 'In person'...). */
export function locationName(type: string, t: TFunction): string {
  const key = names[type as keyof typeof names];
  return key ? t(key) : type;
}

/** What an invitee reads about an offered location before booking: its kind and its public detail. */
export function offeredLocationText(location: PublicLocation, t: TFunction): string {
  const name = locationName(location.type, t);
  const { address, custom, direction } = location.options ?? {};
  if (location.type === "IN_PERSON" && address) return `${name}: ${isolateText(address)}`;
  if (location.type === "CUSTOM" && custom) return isolateText(custom);
  if (location.type === "PHONE_CALL") {
    return direction === "INVITEE_CALLS_HOST"
      ? t("booking.location.inviteeCalls")
      : t("booking.location.hostCalls");
  }
  return name;
}

/** Whether a location needs the invitee's phone number (as the server's resolveBookingLocation). */
export function needsInviteePhone(location: PublicLocation): boolean {
  if (location.type === "WHATSAPP") return true;
  return location.type === "PHONE_CALL" && location.options?.direction !== "INVITEE_CALLS_HOST";
}

/** The location of a booked meeting as text: the join link, address, number, or kind. */
export function bookedLocationText(
  location: { type: string; value?: string } | null,
  t: TFunction,
): string | null {
  if (!location) return null;
  const name = locationName(location.type, t);
  if (!location.value) return name;
  return location.type === "CUSTOM"
    ? isolateText(location.value)
    : `${name}: ${isolateText(location.value)}`;
}
