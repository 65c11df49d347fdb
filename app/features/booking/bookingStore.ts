import type { BookingResponse } from "./bookingApi";

const storageKey = (attendeeUuid: string) => `slotted:booking:${attendeeUuid}`;

/**
 * Keeps what the scheduling answer said about a booking for its confirmation page: the
 * invitee's own cancel and reschedule links and the host's redirect come only in that
 * answer, and the page must survive a reload. Session storage: gone with the tab.
 */
export function rememberBooking(booking: BookingResponse): void {
  try {
    sessionStorage.setItem(storageKey(booking.attendee.uuid), JSON.stringify(booking));
  } catch {
    // Storage may be blocked (embedded third-party frames); the page then shows less.
  }
}

/** The booking answer kept for `attendeeUuid`, if this tab made it. */
export function rememberedBooking(attendeeUuid: string): BookingResponse | null {
  try {
    const stored = sessionStorage.getItem(storageKey(attendeeUuid));
    return stored ? (JSON.parse(stored) as BookingResponse) : null;
  } catch {
    return null;
  }
}

/**
 * The booking answer this tab kept for a booking of event `eventUuid`, the newest first: the
 * payment-failed page knows the event, and needs the attendee's secret to take it back.
 */
export function rememberedBookingOfEvent(eventUuid: string): BookingResponse | null {
  try {
    for (let index = sessionStorage.length - 1; index >= 0; index--) {
      const key = sessionStorage.key(index);
      if (!key?.startsWith(storageKey(""))) continue;
      const booking = rememberedBooking(key.slice(storageKey("").length));
      if (booking?.event.uuid === eventUuid) return booking;
    }
  } catch {
    // Blocked storage: nothing was kept.
  }
  return null;
}

/** The invitee's own cancel and reschedule links from a booking answer, when it has them. */
export function attendeeLinks(
  booking: BookingResponse,
): { cancel: string; reschedule: string } | null {
  const { uuid, cancelUrl, rescheduleUrl, token, cancelToken } = booking.attendee;
  if (cancelUrl && rescheduleUrl)
    return { cancel: pathOf(cancelUrl), reschedule: pathOf(rescheduleUrl) };
  const secret = cancelToken ?? token;
  if (!secret) return null;
  return manageLinksOf({ uuid, token: secret });
}

/** The cancel and reschedule pages of an attendee, by their uuid and secret. */
export function manageLinksOf(attendee: { uuid: string; token: string }): {
  cancel: string;
  reschedule: string;
} {
  const { uuid, token } = attendee;
  return {
    cancel: `/cancel/${uuid}/${encodeURIComponent(token)}`,
    reschedule: `/reschedule/by-attendee/${uuid}?${new URLSearchParams({ token })}`,
  };
}

// The server may write links with its public address; inside the app they are paths.
function pathOf(url: string): string {
  const parsed = new URL(url, "http://relative.invalid");
  return `${parsed.pathname}${parsed.search}`;
}
