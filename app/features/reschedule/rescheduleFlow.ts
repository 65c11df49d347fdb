import type { EventViewResponse } from "../../../core/api/events";
import type { RescheduleMode } from "../../../core/routing/reschedulePaths";
import type { PublicProfile } from "../../state/publicProfile";
import { type PublicEventType, toPublicEventType } from "../booking/bookingApi";
import type { EventView, ReschedulePageData } from "../booking/eventView";

export {
  modeOfRoute,
  type RescheduleMode,
  reschedulePagePath,
  timetableReferenceOf,
} from "../../../core/routing/reschedulePaths";

/** The reschedule page's query key (its data: ReschedulePage's loadPage, or the server's first month). */
export const rescheduleQueryKey = (mode: RescheduleMode, uuid: string, host: string) =>
  ["reschedule", mode, uuid, host] as const;

/** What the reschedule page shows. */
export interface RescheduleData {
  event: EventView;
  eventType: PublicEventType;
  /** The invitee, when the page's token showed them (attendee links carry it). */
  invitee?: ReschedulePageData["invitee"];
  /** The owner's profile, when the event type was read (not for a host's reschedule). */
  profile?: PublicProfile | null;
}

/** The page's data from the public read of a reschedule page (reschedulePagePath). */
export function rescheduleDataOf(data: ReschedulePageData): RescheduleData {
  return {
    event: data.event,
    eventType: toPublicEventType(data.eventType),
    profile: data.eventType.profile,
    invitee: data.invitee,
  };
}

/** What the summary shows of an event whose event type was not read (a host's reschedule). */
export function eventTypeOfView(event: EventViewResponse): PublicEventType {
  const minutes = Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000);
  const first = event.hosts[0];
  return {
    kind: event.eventType.kind,
    title: event.eventType.title,
    slug: event.eventType.slug,
    description: event.eventType.description,
    duration: minutes,
    durations: [minutes],
    locations: [],
    seats: null,
    questions: [],
    price: null,
    requiresEmailVerification: false,
    bookable: true,
    lockTimeZone: event.eventType.lockTimeZone,
    timeZone: first?.timeZone ?? "UTC",
    owner: { kind: "user", name: first?.name ?? "", slug: first?.username ?? "", avatarUrl: null },
    hosts: event.hosts,
    team: null,
  };
}

type Occurrence = NonNullable<EventViewResponse["series"]>["occurrences"][number];

/** Which meeting moves: for a series, one of its upcoming meetings the attendee may pick. */
export interface MovedMeeting {
  /** A series' meetings still to come and not cancelled (an attendee's link only). */
  upcoming: Occurrence[];
  /** The meeting picked, else the link's, else the first to come; none outside a series. */
  chosen: Occurrence | undefined;
  /** The chosen meeting's uuid when it is another than the link's event, else null. */
  otherUuid: string | null;
  /**
   * Until when the invitee may reschedule: the link's limit, moved by as much as the chosen
   * meeting lies after the link's (the notice counts back from the meeting moved).
   */
  until: string | null;
}

export function movedMeeting(
  mode: RescheduleMode,
  event: EventViewResponse,
  picked: string | undefined,
  now: number,
): MovedMeeting {
  const upcoming =
    mode === "attendee" && event.series
      ? event.series.occurrences.filter(
          (o) => o.status !== "CANCELLED" && Date.parse(o.start) > now,
        )
      : [];
  const chosen =
    upcoming.find((o) => o.uuid === picked) ??
    upcoming.find((o) => o.uuid === event.uuid) ??
    upcoming[0];
  const otherUuid = chosen && chosen.uuid !== event.uuid ? chosen.uuid : null;
  const linkUntil = event.inviteeChanges.rescheduleUntil;
  const until =
    linkUntil === null || otherUuid === null || !chosen
      ? linkUntil
      : new Date(
          Date.parse(linkUntil) + Date.parse(chosen.start) - Date.parse(event.start),
        ).toISOString();
  return { upcoming, chosen, otherUuid, until };
}

/** The body of POST /api/event/reschedule. */
export function rescheduleRequest(input: {
  mode: RescheduleMode;
  /** The route's uuid: the attendee's for an attendee, else the event's. */
  uuid: string;
  eventUuid: string;
  token: string | null;
  otherUuid: string | null;
  start: string;
  timeZone: string;
  reason: string;
}) {
  const who =
    input.mode === "attendee"
      ? {
          attendeeUuid: input.uuid,
          ...(input.token ? { token: input.token } : {}),
          ...(input.otherUuid !== null ? { occurrence: input.otherUuid } : {}),
        }
      : { eventUuid: input.eventUuid, ...(input.mode === "forAll" ? { forAll: true } : {}) };
  return { ...who, start: input.start, timezone: input.timeZone, reason: input.reason.trim() };
}
