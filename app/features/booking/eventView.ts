import { publicApi } from "../../api/publicApi";
import type { EventTypeResponse, PublicHost } from "./bookingApi";

/** A booked event as the confirmation, cancel and reschedule pages read it. */
export interface EventView {
  uuid: string;
  title: string;
  start: string;
  end: string;
  status: "PENDING_PAYMENT" | "CONFIRMED" | "CANCELLED";
  location: { type: string; value?: string } | null;
  hosts: PublicHost[];
  formerTime: { start: string; end: string } | null;
  rescheduleReason: string | null;
  cancellationReason: string | null;
  eventType: {
    kind: string;
    title: string;
    slug: string;
    description: string;
    lockTimeZone: boolean;
  };
  seats: { total: number; taken: number } | null;
  calendarLinks: { google: string; outlook: string; office365: string; ics: string };
}

/**
 * An attendee as they see their own booking. The details come only with the attendee's
 * token (or to a host of the event); without, the server sends uuid and status.
 */
export interface InviteeView {
  uuid: string;
  status: "CONFIRMED" | "CANCELLED";
  name?: string;
  email?: string;
  timeZone?: string;
  cancellationReason?: string | null;
}

/** The reads of the reschedule pages: the event, its event type, and who is asking. */
export interface ReschedulePageData {
  event: EventView;
  eventType: EventTypeResponse;
  invitee?: InviteeView;
  attendees?: InviteeView[];
  host?: PublicHost;
}

export function fetchEventView(eventUuid: string, signal?: AbortSignal) {
  return publicApi
    .get<{ event: EventView }>(`/event/uuid/${encodeURIComponent(eventUuid)}`, { signal })
    .then((answer) => answer.event);
}

/** The attendee's booking; `token` (from their link or the scheduling answer) adds their details. */
export function fetchInvitee(
  attendeeUuid: string,
  token: string | null | undefined,
  signal?: AbortSignal,
) {
  const query = token ? `?${new URLSearchParams({ token })}` : "";
  return publicApi.get<{ invitee: InviteeView; event: EventView }>(
    `/invitee/${encodeURIComponent(attendeeUuid)}${query}`,
    { signal },
  );
}
