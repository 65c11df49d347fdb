/**
 * First path segments the client's routes, the server and the build own. Usernames and team
 * slugs share `/{name}`, so neither may be one of them: that page would be unreachable.
 */
export const RESERVED_PAGE_NAMES: ReadonlySet<string> = new Set([
  "api",
  "app",
  "assets",
  "auth",
  "admin",
  "c",
  "r",
  "f",
  "s",
  "rf",
  "cancel",
  "dashboard",
  "dev",
  "docs",
  "embed",
  "event",
  "events",
  "favicon.ico",
  "form",
  "health",
  "help",
  "invitee",
  "login",
  "logout",
  "page",
  "public",
  "reschedule",
  "rescheduling",
  "robots.txt",
  "settings",
  "shared",
  "signin",
  "signup",
  "single-use-link",
  "static",
  "team",
  "teams",
  "timetable",
  "user",
  "www",
]);

/** Lowercase letters, digits and single dashes, starting and ending with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,38}[a-z0-9]?$/;

/** Whether a username is well-formed and free of route words. */
export function isAllowedUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username) && !RESERVED_PAGE_NAMES.has(username);
}
