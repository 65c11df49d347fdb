import { matchPath } from "../../core/routing/matchPath";
import type { RouteMatch } from "../router/navigation";
import { type RouteName, routeTable } from "./routeTable";

/** The first route of the table that matches `pathname`, with its parameters. */
export function matchRoute(pathname: string): RouteMatch & {
  name: RouteName;
  route: (typeof routeTable)[number];
} {
  for (const route of routeTable) {
    const params = matchPath(route.path, pathname);
    if (params) return { name: route.name, params, route };
  }
  // The table ends with "*", so this is not reached.
  const last = routeTable[routeTable.length - 1]!;
  return { name: last.name, params: {}, route: last };
}
