import { lazyRoute } from "./lazyRoute";

/** Props every route page receives. */
export interface RoutePageProps {
  routeName: string;
}

const page = lazyRoute<RoutePageProps>;

const HomePage = page(() => import("./HomePage").then((module) => module.HomePage));
const DashboardPage = page(() => import("./DashboardPage").then((module) => module.DashboardPage));
const NotFoundPage = page(() => import("./NotFoundPage").then((module) => module.NotFoundPage));
// Stands in for the public booking screens until the booking client is built.
const PlaceholderPage = page(() =>
  import("./PlaceholderPage").then((module) => module.PlaceholderPage),
);

/**
 * Every route of the client (spec §2, plus home and the host dashboard). Routes match
 * case-sensitively so that a user named "c" keeps /c/{event} apart from /C/{sharedLink}.
 * The first path segments of the static routes (event, reschedule, rescheduling, cancel,
 * dashboard) cannot be usernames.
 */
export const routeTable = [
  { name: "home", path: "/", Page: HomePage },
  { name: "dashboard", path: "/dashboard/*", Page: DashboardPage },
  { name: "eventPaymentError", path: "/event/payment_error", Page: PlaceholderPage },
  { name: "rescheduleByHost", path: "/reschedule/by-host/:uuid", Page: PlaceholderPage },
  { name: "rescheduleByAttendee", path: "/reschedule/by-attendee/:uuid", Page: PlaceholderPage },
  { name: "rescheduleForAll", path: "/reschedule/for-all/:uuid", Page: PlaceholderPage },
  {
    name: "rescheduleRoundRobinByHost",
    path: "/reschedule/by-host/:uuid/:hostIdentifier",
    Page: PlaceholderPage,
  },
  { name: "legacyRescheduleGroup", path: "/rescheduling/group/:uuid", Page: PlaceholderPage },
  { name: "legacyRescheduleHost", path: "/rescheduling/host/:uuid", Page: PlaceholderPage },
  {
    name: "legacyRescheduleRoundRobin",
    path: "/rescheduling/round-robin/:uuid/:hostIdentifier",
    Page: PlaceholderPage,
  },
  { name: "legacyReschedule", path: "/rescheduling/:uuid", Page: PlaceholderPage },
  { name: "sharedLink", path: "/C/:sharedLink/:title?", Page: PlaceholderPage },
  { name: "sharedLink", path: "/R/:sharedLink/:title?", Page: PlaceholderPage },
  { name: "sharedLink", path: "/F/:sharedLink/:title?", Page: PlaceholderPage },
  { name: "sharedLinkHost", path: "/C/:sharedLink/host/:hostSlug", Page: PlaceholderPage },
  { name: "singleUseLink", path: "/S/:singleUseLink/:title?", Page: PlaceholderPage },
  { name: "cancel", path: "/cancel/:slug/:usertoken?", Page: PlaceholderPage },
  { name: "event", path: "/event/:slug", Page: PlaceholderPage },
  { name: "routingForm", path: "/RF/:formSlug/:title?", Page: PlaceholderPage },
  { name: "profile", path: "/:username", Page: PlaceholderPage },
  { name: "booking", path: "/:username/:event", Page: PlaceholderPage },
  { name: "bookingPaymentError", path: "/:username/:event/payment_error", Page: PlaceholderPage },
  { name: "bookingHost", path: "/:username/:event/host/:hostSlug", Page: PlaceholderPage },
  { name: "bookingConfirmation", path: "/:username/:event/:slug", Page: PlaceholderPage },
  { name: "notFound", path: "*", Page: NotFoundPage },
] as const;

export type RouteName = (typeof routeTable)[number]["name"];
