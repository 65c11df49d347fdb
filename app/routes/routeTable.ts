import type { ComponentType } from "react";
import { CLIENT_ROUTES, type ClientRouteName } from "../../core/routing/clientRoutes";
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
const BookingRequestPage = page(() =>
  import("./BookingRequestPage").then((m) => m.BookingRequestPage),
);
const ReschedulePage = page(() => import("./ReschedulePage").then((m) => m.ReschedulePage));
const PaymentErrorPage = page(() => import("./PaymentErrorPage").then((m) => m.PaymentErrorPage));
const ProfilePage = page(() => import("./ProfilePage").then((m) => m.ProfilePage));
const RoutingFormPage = page(() => import("./RoutingFormPage").then((m) => m.RoutingFormPage));

/**
 * Every route of the client with its page: core/routing/clientRoutes.ts lists the paths (the
 * server reads the same list to answer 404 for a path that names nothing).
 */
const PAGES: Record<ClientRouteName, LazyRoutePage<RoutePageProps>> = {
  home: HomePage,
  dashboard: DashboardPage,
  eventPaymentError: PaymentErrorPage,
  rescheduleByHost: ReschedulePage,
  rescheduleByAttendee: ReschedulePage,
  rescheduleForAll: ReschedulePage,
  rescheduleRoundRobinByHost: ReschedulePage,
  legacyRescheduleGroup: ReschedulePage,
  legacyRescheduleHost: ReschedulePage,
  legacyRescheduleRoundRobin: ReschedulePage,
  legacyReschedule: ReschedulePage,
  sharedLinkHost: BookingPage,
  sharedLink: BookingPage,
  singleUseLink: BookingPage,
  singleUseConfirmation: ConfirmationPage,
  cancel: CancelPage,
  bookingRequest: BookingRequestPage,
  event: ConfirmationPage,
  routingForm: RoutingFormPage,
  profile: ProfilePage,
  booking: BookingPage,
  bookingPaymentError: PaymentErrorPage,
  bookingHost: BookingPage,
  bookingConfirmation: ConfirmationPage,
  notFound: NotFoundPage,
};

export const routeTable = CLIENT_ROUTES.map((route) => ({ ...route, Page: PAGES[route.name] }));

export type RouteName = ClientRouteName;

/** Routes that belong to the host's side of the product, not to an invitee's public page. */
export const hostRouteNames: ReadonlySet<RouteName> = new Set(["home", "dashboard"]);
