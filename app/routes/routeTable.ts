import type { ComponentType } from "react";
import { type LazyRoutePage, lazyRoute } from "./lazyRoute";
import { NotFoundPage as NotFound } from "./NotFoundPage";

/** Props every route page receives. */
export interface RoutePageProps {
  routeName: string;
}

const page = lazyRoute<RoutePageProps>;

// Home and dashboard keep TanStack Query and their own part of the language catalog; both
// come with their chunks only.
const withQueryClient = (load: () => Promise<ComponentType<RoutePageProps>>) =>
  page(() =>
    Promise.all([
      load(),
      import("../api/QueryProvider"),
      import("../i18n/i18n").then((m) => m.loadHostCatalog()),
    ]).then(([Page, { withQueryProvider }]) => withQueryProvider(Page)),
  );

const HomePage = withQueryClient(() => import("./HomePage").then((m) => m.HomePage));
const DashboardPage = withQueryClient(() =>
  import("./dashboard/DashboardPage").then((m) => m.DashboardPage),
);
// The not-found page is in the shell already (pages show it for unknown links): no chunk of its own.
const NotFoundPage = page(() => Promise.resolve(NotFound));
const BookingPage = page(() => import("./BookingPage").then((m) => m.BookingPage));
const ConfirmationPage = page(() => import("./ConfirmationPage").then((m) => m.ConfirmationPage));
const CancelPage = page(() => import("./CancelPage").then((m) => m.CancelPage));
const ReschedulePage = page(() => import("./ReschedulePage").then((m) => m.ReschedulePage));
const PaymentErrorPage = page(() => import("./PaymentErrorPage").then((m) => m.PaymentErrorPage));
const ProfilePage = page(() => import("./ProfilePage").then((m) => m.ProfilePage));

interface RouteEntry {
  name: string;
  path: string;
  Page: LazyRoutePage<RoutePageProps>;
}

/**
 * Every route of the client (spec §2, plus home and the host dashboard), tried in order:
 * the first match wins, so static first segments come before `/:username`. Routes match
 * case-sensitively so that a user named "c" keeps /c/{event} apart from /C/{sharedLink}.
 * The first path segments of the static routes (event, reschedule, rescheduling, cancel,
 * dashboard) cannot be usernames.
 */
export const routeTable = [
  { name: "home", path: "/", Page: HomePage },
  { name: "dashboard", path: "/dashboard/*", Page: DashboardPage },
  { name: "eventPaymentError", path: "/event/payment_error", Page: PaymentErrorPage },
  { name: "rescheduleByHost", path: "/reschedule/by-host/:uuid", Page: ReschedulePage },
  { name: "rescheduleByAttendee", path: "/reschedule/by-attendee/:uuid", Page: ReschedulePage },
  { name: "rescheduleForAll", path: "/reschedule/for-all/:uuid", Page: ReschedulePage },
  {
    name: "rescheduleRoundRobinByHost",
    path: "/reschedule/by-host/:uuid/:hostIdentifier",
    Page: ReschedulePage,
  },
  { name: "legacyRescheduleGroup", path: "/rescheduling/group/:uuid", Page: ReschedulePage },
  { name: "legacyRescheduleHost", path: "/rescheduling/host/:uuid", Page: ReschedulePage },
  {
    name: "legacyRescheduleRoundRobin",
    path: "/rescheduling/round-robin/:uuid/:hostIdentifier",
    Page: ReschedulePage,
  },
  { name: "legacyReschedule", path: "/rescheduling/:uuid", Page: ReschedulePage },
  { name: "sharedLinkHost", path: "/C/:sharedLink/host/:hostSlug/:title?", Page: BookingPage },
  { name: "sharedLinkHost", path: "/R/:sharedLink/host/:hostSlug/:title?", Page: BookingPage },
  { name: "sharedLinkHost", path: "/F/:sharedLink/host/:hostSlug/:title?", Page: BookingPage },
  { name: "sharedLink", path: "/C/:sharedLink/:title?", Page: BookingPage },
  { name: "sharedLink", path: "/R/:sharedLink/:title?", Page: BookingPage },
  { name: "sharedLink", path: "/F/:sharedLink/:title?", Page: BookingPage },
  { name: "singleUseLink", path: "/S/:singleUseLink/:title?", Page: BookingPage },
  { name: "cancel", path: "/cancel/:slug/:usertoken?", Page: CancelPage },
  { name: "event", path: "/event/:slug", Page: ConfirmationPage },
  // No routing-form API exists yet, so routing forms are not found.
  { name: "routingForm", path: "/RF/:formSlug/:title?", Page: NotFoundPage },
  { name: "profile", path: "/:username", Page: ProfilePage },
  { name: "booking", path: "/:username/:event", Page: BookingPage },
  { name: "bookingPaymentError", path: "/:username/:event/payment_error", Page: PaymentErrorPage },
  { name: "bookingHost", path: "/:username/:event/host/:hostSlug", Page: BookingPage },
  { name: "bookingConfirmation", path: "/:username/:event/:slug", Page: ConfirmationPage },
  { name: "notFound", path: "*", Page: NotFoundPage },
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof routeTable)[number]["name"];

/** Routes that belong to the host's side of the product, not to an invitee's public page. */
export const hostRouteNames: ReadonlySet<RouteName> = new Set(["home", "dashboard"]);

/** Routes of the booking page, whose data main.tsx fetches before the page renders. */
export const bookingRouteNames: ReadonlySet<RouteName> = new Set([
  "booking",
  "bookingHost",
  "sharedLink",
  "sharedLinkHost",
  "singleUseLink",
]);
