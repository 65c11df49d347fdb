import type {
  EventViewAnswer,
  EventViewResponse,
  InviteeAnswer,
  InviteeResponse,
  PublicInvitee,
} from "../../../core/api/events";
import type { ReschedulePageResponse } from "../../../core/api/reschedule";
import { publicApi } from "../../api/publicApi";

/** A booked event as the confirmation, cancel and reschedule pages read it. */
export type EventView = EventViewResponse;

/**
 * An attendee as they see their own booking. The details come only with the attendee's
 * token (or to a host of the event); without, the server sends uuid and status.
 */
export type InviteeView = PublicInvitee & Partial<InviteeResponse>;

/** The reads of the reschedule pages: the event, its event type, and who is asking. */
export type ReschedulePageData = ReschedulePageResponse;

export function fetchEventView(eventUuid: string, signal?: AbortSignal) {
  return publicApi
    .get<EventViewAnswer>(`/event/uuid/${encodeURIComponent(eventUuid)}`, { signal })
    .then((answer) => answer.event);
}

/** The attendee's booking; `token` (from their link or the scheduling answer) adds their details. */
export function fetchInvitee(
  attendeeUuid: string,
  token: string | null | undefined,
  signal?: AbortSignal,
) {
  const query = token ? `?${new URLSearchParams({ token })}` : "";
  return publicApi
    .get<InviteeAnswer>(`/invitee/${encodeURIComponent(attendeeUuid)}${query}`, { signal })
    .then(({ invitee, event }) => {
      const view: InviteeView = invitee;
      return { invitee: view, event };
    });
}
