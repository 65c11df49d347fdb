import { publicApi } from "../../api/publicApi";
import type { PublicProfile } from "../../state/publicProfile";
import {
  type BookingSource,
  bookingLinkFields,
  eventTypePath,
  sourceKey,
  timetableReference,
} from "./bookingSource";
import type { TimetableResponse } from "./timetable";

export interface PublicLocation {
  type: string;
  options?: {
    address?: string;
    custom?: string;
    url?: string;
    direction?: "HOST_CALLS_INVITEE" | "INVITEE_CALLS_HOST";
    phone?: string;
  };
}

export interface PublicQuestion {
  id: string;
  type: "SHORT_TEXT" | "LONG_TEXT" | "SINGLE_CHOICE" | "MULTIPLE_CHOICE" | "CHECKBOX" | "PHONE";
  label: string;
  required: boolean;
  options: string[];
}

export interface PublicHost {
  name: string;
  username: string;
  avatarUrl: string | null;
  timeZone?: string;
}

/** The event type part of the public read (GET /user/{user}/{eventType}, /shared/..., /single-use-link/...). */
interface EventTypeFields {
  kind: "ONE_ON_ONE" | "GROUP" | "COLLECTIVE" | "ROUND_ROBIN" | "FLEXI";
  title: string;
  slug: string;
  description: string;
  duration: number;
  durations: number[];
  locations: PublicLocation[];
  seats: number | null;
  questions: PublicQuestion[];
  price: { amount: number; currency: string } | null;
  requiresEmailVerification: boolean;
  lockTimeZone: boolean;
  /** The zone the host works in; the page's zone when the host locked it. */
  timeZone: string;
  /** False when it takes payment and the server has no payments set up: it cannot be booked. */
  bookable?: boolean;
  /** Ask first and last name instead of one name field. */
  askFirstLastName?: boolean;
  askSalutation?: boolean;
}

export interface EventTypeOwner {
  kind: "user" | "team";
  name: string;
  /** The username or the team's slug. */
  slug: string;
  avatarUrl: string | null;
}

/** The answer of the public event-type reads. */
export interface EventTypeResponse {
  eventType: EventTypeFields;
  owner: EventTypeOwner;
  profile: PublicProfile | null;
  hosts: PublicHost[];
  /** The host a host_slug pins, else null. */
  host: PublicHost | null;
}

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

/** The answer of POST /api/event and of the reschedule calls. */
export interface BookingResponse {
  event: {
    uuid: string;
    title: string;
    start: string;
    end: string;
    status: "PENDING_PAYMENT" | "CONFIRMED" | "CANCELLED";
    hosts: { name: string; username: string }[];
    location: { type: string; value?: string } | null;
  };
  attendee: {
    uuid: string;
    cancelToken?: string;
    token?: string;
    cancelUrl?: string;
    rescheduleUrl?: string;
  };
  action?: { actionType: "URL" | "EVENT_TYPE"; url: string; seconds: number };
  checkout?: boolean;
}

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

/** What a timetable call asks for, besides the event reference. */
export interface TimetableWindow {
  start: string;
  end: string;
  timeZone: string;
  duration: number | null;
  checkFirstAvailable: boolean;
}

/** A timetable call's path with its query: the reference's parameters plus the window's. */
export function timetablePath(
  reference: { path: string; params: Record<string, string> },
  window: TimetableWindow,
): string {
  const query = new URLSearchParams({
    ...reference.params,
    start: window.start,
    end: window.end,
    timezone: window.timeZone,
    check_first_available: String(window.checkFirstAvailable),
  });
  if (window.duration !== null) query.set("duration", String(window.duration));
  return `${reference.path}?${query}`;
}

export function fetchTimetable(path: string, signal?: AbortSignal) {
  return publicApi.get<TimetableResponse>(path, { signal });
}

export { bookingLinkFields, timetableReference };
