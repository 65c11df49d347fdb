// The client's router: a matcher over app/routes/routeTable.ts and the History API, in place of
// react-router, whose 11 kB gzipped did not fit the booking page's JavaScript budget.
export { Link } from "./Link";
export { matchPath, type PathParams } from "./matchPath";
export { Navigate } from "./Navigate";
export {
  type AppLocation,
  currentLocation,
  type NavigateOptions,
  navigate,
  onNavigation,
  RouteContext,
  type RouteMatch,
  useLocation,
  useNavigate,
  useParams,
} from "./navigation";
