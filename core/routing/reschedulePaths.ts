import type { TimetableReference } from "./timetablePaths";

/** Who reschedules what (spec §6): an attendee their booking, a host the event, a whole group, or one round-robin host. */
export type RescheduleMode = "attendee" | "host" | "forAll" | "roundRobin";

const modeByRoute: Record<string, RescheduleMode> = {
  rescheduleByAttendee: "attendee",
  legacyReschedule: "attendee",
  rescheduleByHost: "host",
  legacyRescheduleHost: "host",
  rescheduleForAll: "forAll",
  legacyRescheduleGroup: "forAll",
  rescheduleRoundRobinByHost: "roundRobin",
  legacyRescheduleRoundRobin: "roundRobin",
};

/** The mode of one of the eight reschedule routes (core/routing/clientRoutes.ts); an attendee's else. */
export function modeOfRoute(routeName: string): RescheduleMode {
  return modeByRoute[routeName] ?? "attendee";
}

const segment = encodeURIComponent;

/**
 * The public read of a reschedule page by its mode, or null for a host's reschedule, which
 * reads the event alone (GET /event/uuid/{uuid}).
 */
export function reschedulePagePath(
  mode: RescheduleMode,
  uuid: string,
  host: string,
  token: string | null,
): string | null {
  if (mode === "attendee") {
    const query = token ? `?${new URLSearchParams({ token })}` : "";
    return `/reschedule/events/${segment(uuid)}${query}`;
  }
  if (mode === "forAll") return `/reschedule/event/${segment(uuid)}/group`;
  if (mode === "roundRobin") return `/reschedule/event/${segment(uuid)}/byHost/${segment(host)}`;
  return null;
}

/** Where the new times come from: the attendee's booking, the event, or one host's event. */
export function timetableReferenceOf(
  mode: RescheduleMode,
  uuid: string,
  host: string,
): TimetableReference {
  if (mode === "attendee") return { path: "/timetable-by-event", params: { attendeeUuid: uuid } };
  if (mode === "roundRobin") {
    return {
      path: "/timetable-by-host-event",
      params: {
        eventUuid: uuid,
        ...(host.includes("@") ? { host_email: host } : { host_slug: host }),
      },
    };
  }
  return { path: "/timetable-by-event", params: { eventUuid: uuid } };
}
