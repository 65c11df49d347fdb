import type { ClientRouteName } from "./clientRoutes";

/**
 * The module under app/routes/ that draws each invitee-facing route (the client's routeTable
 * imports the same ones lazily). The server names their chunks in the page it sends, so the
 * browser fetches them beside the shell instead of after it has run. Host routes (home,
 * dashboard) and the not-found page, already in the shell, are left out.
 */
export const ROUTE_PAGES: Partial<Record<ClientRouteName, string>> = {
  eventPaymentError: "PaymentErrorPage",
  rescheduleByHost: "ReschedulePage",
  rescheduleByAttendee: "ReschedulePage",
  rescheduleForAll: "ReschedulePage",
  rescheduleRoundRobinByHost: "ReschedulePage",
  legacyRescheduleGroup: "ReschedulePage",
  legacyRescheduleHost: "ReschedulePage",
  legacyRescheduleRoundRobin: "ReschedulePage",
  legacyReschedule: "ReschedulePage",
  sharedLinkHost: "BookingPage",
  sharedLink: "BookingPage",
  singleUseLink: "BookingPage",
  singleUseConfirmation: "ConfirmationPage",
  cancel: "CancelPage",
  bookingRequest: "BookingRequestPage",
  event: "ConfirmationPage",
  routingForm: "RoutingFormPage",
  profile: "ProfilePage",
  booking: "BookingPage",
  bookingPaymentError: "PaymentErrorPage",
  bookingHost: "BookingPage",
  bookingConfirmation: "ConfirmationPage",
};

/**
 * Routes of the booking page: their first calls (the event type and a month's times) are asked
 * before the page's code has arrived, by the client's early entry (app/early.ts), which the
 * server adds to these pages only.
 */
export const BOOKING_ROUTES: ReadonlySet<ClientRouteName> = new Set([
  "booking",
  "bookingHost",
  "sharedLink",
  "sharedLinkHost",
  "singleUseLink",
]);
