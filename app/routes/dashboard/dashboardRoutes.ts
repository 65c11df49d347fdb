import type { ComponentType } from "react";
import type { DashboardSection } from "../../features/dashboard/shell/DashboardShell";
import { matchPath, type PathParams } from "../../router";
import { type LazyRoutePage, lazyRoute } from "../lazyRoute";
import type { ScreenProps } from "./ScreenProps";

const screen = (load: () => Promise<ComponentType<ScreenProps>>) => lazyRoute<ScreenProps>(load);

const HomeScreen = screen(() => import("./HomeScreen").then((m) => m.HomeScreen));
const EventTypesScreen = screen(() => import("./EventTypesScreen").then((m) => m.EventTypesScreen));
const EventTypeNewScreen = screen(() =>
  import("./EventTypeNewScreen").then((m) => m.EventTypeNewScreen),
);
const EventTypeEditScreen = screen(() =>
  import("./EventTypeEditScreen").then((m) => m.EventTypeEditScreen),
);
const AvailabilityScreen = screen(() =>
  import("./AvailabilityScreen").then((m) => m.AvailabilityScreen),
);
const ScheduleScreen = screen(() => import("./ScheduleScreen").then((m) => m.ScheduleScreen));
const CalendarsScreen = screen(() => import("./CalendarsScreen").then((m) => m.CalendarsScreen));
const BookingsScreen = screen(() => import("./BookingsScreen").then((m) => m.BookingsScreen));
const InsightsScreen = screen(() => import("./InsightsScreen").then((m) => m.InsightsScreen));
const BookingInsightsScreen = screen(() =>
  import("./BookingInsightsScreen").then((m) => m.BookingInsightsScreen),
);
const TeamsScreen = screen(() => import("./TeamsScreen").then((m) => m.TeamsScreen));
const TeamScreen = screen(() => import("./TeamScreen").then((m) => m.TeamScreen));
const SettingsScreen = screen(() => import("./SettingsScreen").then((m) => m.SettingsScreen));
const PasswordScreen = screen(() => import("./PasswordScreen").then((m) => m.PasswordScreen));
const ForgotPasswordScreen = screen(() =>
  import("./ForgotPasswordScreen").then((m) => m.ForgotPasswordScreen),
);
const ResetPasswordScreen = screen(() =>
  import("./ResetPasswordScreen").then((m) => m.ResetPasswordScreen),
);
const VerifyEmailScreen = screen(() =>
  import("./VerifyEmailScreen").then((m) => m.VerifyEmailScreen),
);
const ConfirmEmailScreen = screen(() =>
  import("./ConfirmEmailScreen").then((m) => m.ConfirmEmailScreen),
);
const RoutingFormsScreen = screen(() =>
  import("./RoutingFormsScreen").then((m) => m.RoutingFormsScreen),
);
const RoutingFormEditScreen = screen(() =>
  import("./RoutingFormEditScreen").then((m) => m.RoutingFormEditScreen),
);
const WebhooksScreen = screen(() => import("./WebhooksScreen").then((m) => m.WebhooksScreen));
const WorkflowsScreen = screen(() => import("./WorkflowsScreen").then((m) => m.WorkflowsScreen));
const WorkflowEditScreen = screen(() =>
  import("./WorkflowEditScreen").then((m) => m.WorkflowEditScreen),
);
const InvitationScreen = screen(() => import("./InvitationScreen").then((m) => m.InvitationScreen));
const PageEditorScreen = screen(() => import("./PageEditorScreen").then((m) => m.PageEditorScreen));
const MissingScreen = screen(() => import("./MissingScreen").then((m) => m.MissingScreen));

interface DashboardRoute {
  path: string;
  /** The navigation entry it belongs to; null for screens outside the signed-in shell. */
  section: DashboardSection | null;
  /** Reachable without signing in (password reset, invitation links). */
  public?: boolean;
  Screen: LazyRoutePage<ScreenProps>;
}

/** The dashboard's screens, by path below /dashboard; each is a chunk of its own. */
export const dashboardRoutes: readonly DashboardRoute[] = [
  { path: "/", section: "home", Screen: HomeScreen },
  { path: "/event-types", section: "eventTypes", Screen: EventTypesScreen },
  { path: "/event-types/new", section: "eventTypes", Screen: EventTypeNewScreen },
  { path: "/event-types/:id", section: "eventTypes", Screen: EventTypeEditScreen },
  { path: "/availability", section: "availability", Screen: AvailabilityScreen },
  { path: "/availability/:id", section: "availability", Screen: ScheduleScreen },
  { path: "/calendars", section: "calendars", Screen: CalendarsScreen },
  { path: "/bookings", section: "bookings", Screen: BookingsScreen },
  { path: "/insights", section: "insights", Screen: InsightsScreen },
  { path: "/insights/bookings", section: "insights", Screen: BookingInsightsScreen },
  { path: "/routing-forms", section: "routingForms", Screen: RoutingFormsScreen },
  { path: "/routing-forms/:id", section: "routingForms", Screen: RoutingFormEditScreen },
  { path: "/page", section: "page", Screen: PageEditorScreen },
  { path: "/page/:slug", section: "teams", Screen: PageEditorScreen },
  { path: "/teams", section: "teams", Screen: TeamsScreen },
  { path: "/teams/:id", section: "teams", Screen: TeamScreen },
  { path: "/webhooks", section: "webhooks", Screen: WebhooksScreen },
  { path: "/workflows", section: "workflows", Screen: WorkflowsScreen },
  { path: "/workflows/new", section: "workflows", Screen: WorkflowEditScreen },
  { path: "/workflows/:id", section: "workflows", Screen: WorkflowEditScreen },
  { path: "/settings", section: "settings", Screen: SettingsScreen },
  { path: "/settings/password", section: "settings", Screen: PasswordScreen },
  { path: "/forgot-password", section: null, public: true, Screen: ForgotPasswordScreen },
  { path: "/reset-password", section: null, public: true, Screen: ResetPasswordScreen },
  // Mailed links: they may be opened in a browser that is not signed in.
  { path: "/verify-email", section: null, public: true, Screen: VerifyEmailScreen },
  { path: "/confirm-email", section: null, public: true, Screen: ConfirmEmailScreen },
  // Signed out too: the invited address may have no account yet.
  { path: "/invitation", section: null, public: true, Screen: InvitationScreen },
];

const missing: DashboardRoute = { path: "*", section: null, Screen: MissingScreen };

/** The screen for a pathname under /dashboard, and its parameters. */
export function matchDashboardRoute(pathname: string): {
  route: DashboardRoute;
  params: PathParams;
} {
  const rest = pathname.replace(/^\/dashboard/, "") || "/";
  for (const route of dashboardRoutes) {
    const params = matchPath(route.path, rest);
    if (params) return { route, params };
  }
  return { route: missing, params: {} };
}
