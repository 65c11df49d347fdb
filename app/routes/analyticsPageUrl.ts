import { matchPath } from "../../core/routing/matchPath";
import { routeTable } from "./routeTable";

// Path parameters that name public pages. Every other one (attendee and event uuids, cancel
// tokens, shared and single-use links, titles) is a secret or says something about a person.
const PUBLIC_PARAMS = new Set(["username", "event", "hostSlug"]);
// Campaign parameters only: the other kept ones (name, email, mobile, a1…, c__…) are personal.
const KEPT_QUERY = /^utm_(source|medium|campaign|content|term)$/;

/** A page as third-party analytics may see it. */
export interface AnalyticsPage {
  /** Origin, the route's pattern with only public parameters filled in, and utm_* parameters. */
  location: string;
  path: string;
  /** Whether `location` is the whole address: nothing was held back. */
  complete: boolean;
}

function patternPath(pattern: string, params: Record<string, string>): string {
  const segments: string[] = [];
  for (const segment of pattern.split("/").filter(Boolean)) {
    if (!segment.startsWith(":")) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith("?");
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (value === undefined) continue;
    segments.push(PUBLIC_PARAMS.has(name) ? encodeURIComponent(value) : `:${name}`);
  }
  return `/${segments.join("/")}`;
}

/**
 * What Google Analytics, the Facebook pixel and our own pings may learn of the page at
 * `href`: the matched route's pattern (e.g. `/reschedule/by-attendee/:uuid`), never a
 * token, uuid, link or personal query parameter; no hash.
 */
export function analyticsPageUrl(href: string): AnalyticsPage {
  const url = new URL(href);
  let path = "/*";
  for (const route of routeTable) {
    const params = matchPath(route.path, url.pathname);
    if (params) {
      path = patternPath(route.path, params);
      break;
    }
  }
  const query = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (KEPT_QUERY.test(name)) query.append(name, value);
  }
  const search = query.size > 0 ? `?${query}` : "";
  const location = `${url.origin}${path}${search}`;
  return { location, path, complete: location === `${url.origin}${url.pathname}${url.search}` };
}
