import type { BookingAnswer, PublicHostResponse } from "../../../core/api/events";
import type { LocationResponse, QuestionResponse } from "../../../core/api/eventTypes";
import type {
  EventTypeOwnerResponse,
  PublicEventTypeFields,
  PublicEventTypeResponse,
} from "../../../core/api/publicEventTypes";
import {
  type BookingSource,
  bookingLinkFields,
  eventTypePath,
  sourceKey,
  timetableReference,
} from "../../../core/routing/bookingSource";
import { publicApi } from "../../api/publicApi";
import type { PublicProfile } from "../../state/publicProfile";
import type { TimetableResponse } from "./timetable";

/** A location as the booking page shows it before booking (no meeting URL). */
export type PublicLocation = LocationResponse;
export type PublicQuestion = QuestionResponse;
export type PublicHost = PublicHostResponse;
export type EventTypeOwner = EventTypeOwnerResponse;
/** The event type part of the public read (GET /user/{user}/{eventType}, /shared/..., /single-use-link/...). */
type EventTypeFields = PublicEventTypeFields;
/** The answer of the public event-type reads. */
export type EventTypeResponse = PublicEventTypeResponse;

/** An event type as the booking screens use it: its fields, its owner and the hosts to show. */
export interface PublicEventType extends EventTypeFields {
  owner: EventTypeOwner;
  /** The pinned host alone, else every host. */
  hosts: PublicHost[];
  /** The team, for team event types. */
  team: { name: string; slug: string } | null;
}

/** The booking screens' view of a public event-type read. */
export function toPublicEventType(response: EventTypeResponse): PublicEventType {
  return {
    ...response.eventType,
    owner: response.owner,
    hosts: response.host ? [response.host] : response.hosts,
    team:
      response.owner.kind === "team"
        ? { name: response.owner.name, slug: response.owner.slug }
        : null,
  };
}

/**
 * The answer of POST /api/event (core/api/events.ts) as the confirmation pages read it back
 * from session storage, where a tab of an older version may have kept fewer attendee fields
 * (or the secret as `cancelToken`).
 */
export type BookingResponse = Omit<BookingAnswer, "attendee"> & {
  attendee: Pick<BookingAnswer["attendee"], "uuid"> &
    Partial<BookingAnswer["attendee"]> & { cancelToken?: string };
};

/** The event type query of a booking page: its key beside its fetcher. */
export const eventTypeQuery = (source: BookingSource) => ({
  key: ["eventType", sourceKey(source)] as const,
  fn: (signal: AbortSignal) => fetchEventType(source, signal),
  staleTime: 60_000,
});

/** The event type a booking page books, with the owner's public profile. */
export async function fetchEventType(
  source: BookingSource,
  signal?: AbortSignal,
): Promise<{ eventType: PublicEventType; profile: PublicProfile | null }> {
  const response = await publicApi.get<EventTypeResponse>(eventTypePath(source), { signal });
  return { eventType: toPublicEventType(response), profile: response.profile };
}

export { type TimetableWindow, timetablePath } from "../../../core/routing/timetablePaths";

export function fetchTimetable(path: string, signal?: AbortSignal) {
  return publicApi.get<TimetableResponse>(path, { signal });
}

export { bookingLinkFields, timetableReference };
