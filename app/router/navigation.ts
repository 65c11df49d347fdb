import { createContext, useContext, useSyncExternalStore } from "react";
import type { PathParams } from "../../core/routing/matchPath";
import { withKeptQuery } from "./keptQuery";

/** Where the browser is: the parts of window.location the pages read. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /** Carry the spec's kept query parameters (§3) over to `to`; the public pages do. */
  keepQuery?: boolean;
}

const listeners = new Set<() => void>();
let current: AppLocation = readLocation();

function readLocation(): AppLocation {
  if (typeof window === "undefined") return { pathname: "/", search: "", hash: "" };
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function notify() {
  const next = readLocation();
  if (
    next.pathname === current.pathname &&
    next.search === current.search &&
    next.hash === current.hash
  ) {
    return;
  }
  current = next;
  for (const listener of listeners) listener();
}

/** Asked before the app leaves the current path; false stays (a screen with unsaved changes). */
let leaveGuard: (() => boolean) | null = null;

/**
 * While a screen holds unsaved changes, `allow` is asked before a link, `navigate` or Back
 * takes the app to another path (the browser's own beforeunload covers reloads and closing).
 * Null removes it.
 */
export function setLeaveGuard(allow: (() => boolean) | null): void {
  leaveGuard = allow;
}

function mayLeaveFor(pathname: string): boolean {
  return leaveGuard === null || pathname === current.pathname || leaveGuard();
}

if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    if (!mayLeaveFor(window.location.pathname)) {
      // Back or Forward already moved the address: put it back where the screen is.
      const { pathname, search, hash } = current;
      window.history.pushState(null, "", `${pathname}${search}${hash}`);
      return;
    }
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current location; stable between navigations. */
export function currentLocation(): AppLocation {
  return current;
}

/** Calls `listener` after every navigation (push, replace, back and forward). */
export function onNavigation(listener: () => void): () => void {
  return subscribe(listener);
}

/** Goes to `to` (a path with an optional query and hash) without reloading the page. */
export function navigate(to: string, { replace = false, keepQuery = false }: NavigateOptions = {}) {
  const target = keepQuery ? withKeptQuery(to, window.location.search) : to;
  if (!mayLeaveFor(new URL(target, window.location.href).pathname)) return;
  if (replace) window.history.replaceState(null, "", target);
  else window.history.pushState(null, "", target);
  const pathChanged = window.location.pathname !== current.pathname;
  notify();
  if (!replace && pathChanged) window.scrollTo(0, 0);
}

/** The current location, re-rendering the caller on navigation. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, currentLocation, currentLocation);
}

/** The navigate function (react-router's name, so pages read the same). */
export function useNavigate(): typeof navigate {
  return navigate;
}

/** The matched route: its name (which decides layout) and parameters. */
export interface RouteMatch {
  name: string;
  params: PathParams;
}

export const RouteContext = createContext<RouteMatch>({ name: "notFound", params: {} });

/** The parameters of the route being rendered. */
export function useParams(): PathParams {
  return useContext(RouteContext).params;
}
