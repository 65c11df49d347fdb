import { matchPath, type PathParams } from "./matchPath";

/**
 * Every page of the client (spec §2, plus home and the host dashboard), tried in order: the
 * first match wins, so static first segments come before `/:username`. Paths match
 * case-sensitively so that a user named "c" keeps /c/{event} apart from /C/{sharedLink}. The
 * first path segments of the static routes (event, reschedule, rescheduling, cancel,
 * dashboard) cannot be usernames. The client renders them (app/routes/routeTable.ts); the
 * server answers 404 for a path that names nothing (server/routes/clientPages/pageExists.ts).
 */
export const CLIENT_ROUTES = [
  { name: "home", path: "/" },
  { name: "dashboard", path: "/dashboard/*" },
  { name: "eventPaymentError", path: "/event/payment_error" },
  { name: "rescheduleByHost", path: "/reschedule/by-host/:uuid" },
  { name: "rescheduleByAttendee", path: "/reschedule/by-attendee/:uuid" },
  { name: "rescheduleForAll", path: "/reschedule/for-all/:uuid" },
  { name: "rescheduleRoundRobinByHost", path: "/reschedule/by-host/:uuid/:hostIdentifier" },
  { name: "legacyRescheduleGroup", path: "/rescheduling/group/:uuid" },
  { name: "legacyRescheduleHost", path: "/rescheduling/host/:uuid" },
  { name: "legacyRescheduleRoundRobin", path: "/rescheduling/round-robin/:uuid/:hostIdentifier" },
  { name: "legacyReschedule", path: "/rescheduling/:uuid" },
  { name: "sharedLinkHost", path: "/C/:sharedLink/host/:hostSlug/:title?" },
  { name: "sharedLinkHost", path: "/R/:sharedLink/host/:hostSlug/:title?" },
  { name: "sharedLinkHost", path: "/F/:sharedLink/host/:hostSlug/:title?" },
  { name: "sharedLink", path: "/C/:sharedLink/:title?" },
  { name: "sharedLink", path: "/R/:sharedLink/:title?" },
  { name: "sharedLink", path: "/F/:sharedLink/:title?" },
  // A booking made through a single-use link stays under it: the event type's own address
  // (perhaps secret) is never shown to the one-time invitee.
  { name: "singleUseConfirmation", path: "/S/:singleUseLink/booked/:slug" },
  { name: "singleUseLink", path: "/S/:singleUseLink/:title?" },
  { name: "cancel", path: "/cancel/:slug/:usertoken?" },
  { name: "bookingRequest", path: "/event/:slug/answer" },
  { name: "event", path: "/event/:slug" },
  // No routing-form API exists yet, so routing forms are not found.
  { name: "routingForm", path: "/RF/:formSlug/:title?" },
  { name: "profile", path: "/:username" },
  { name: "booking", path: "/:username/:event" },
  { name: "bookingPaymentError", path: "/:username/:event/payment_error" },
  { name: "bookingHost", path: "/:username/:event/host/:hostSlug" },
  { name: "bookingConfirmation", path: "/:username/:event/:slug" },
  { name: "notFound", path: "*" },
] as const;

export type ClientRouteName = (typeof CLIENT_ROUTES)[number]["name"];

/** The first route that matches `pathname`, with its parameters; the last one matches anything. */
export function matchClientRoute(pathname: string): { name: ClientRouteName; params: PathParams } {
  for (const route of CLIENT_ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { name: route.name, params };
  }
  return { name: "notFound", params: {} };
}
