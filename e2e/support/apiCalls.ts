import type { Page, Request } from "playwright-core";

/** The page's API calls, as they go out: path and query, in order. */
export function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** The `start` parameter of a recorded call (a timetable read's first day). */
export const startOf = (call: string) => new URLSearchParams(call.split("?")[1]).get("start");
