// The client's router: a matcher over app/routes/routeTable.ts and the History API, in place of
// react-router, whose 11 kB gzipped did not fit the booking page's JavaScript budget.

export { matchPath, type PathParams } from "../../core/routing/matchPath";
export { Link } from "./Link";
export { Navigate } from "./Navigate";
export {
  type AppLocation,
  currentLocation,
  type NavigateOptions,
  navigate,
  onNavigation,
  RouteContext,
  type RouteMatch,
  setLeaveGuard,
  useLocation,
  useNavigate,
  useParams,
} from "./navigation";
export { useLeaveGuard } from "./useLeaveGuard";
