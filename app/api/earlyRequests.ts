/**
 * GET calls started by app/early.ts while the app's own code still downloads: on a slow phone
 * the libraries take a second to arrive and run, and the page's data need not wait for them.
 * apiClient takes each answer once, for a GET of the same path, instead of asking again.
 */
const started = new Map<string, { response: Promise<Response>; at: number }>();

// An answer the page did not take at once (it showed another month first) is not handed out
// later as if new: past this age the page asks again. Within it, it is as fresh as the
// timetable's own 30 s staleness allows.
const usableMs = 10_000;

/** Starts the GETs of `paths` (under /api), as apiClient would send them. */
export function startEarlyRequests(paths: readonly string[]): void {
  for (const path of paths) {
    if (started.has(path)) continue;
    const response = fetch(`/api${path}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    // An early call that failed is asked again by the app, which shows its error.
    response.catch(() => started.delete(path));
    started.set(path, { response, at: Date.now() });
  }
}

/** The early answer of a GET of `path`, once; undefined when none was started. */
export function takeEarlyResponse(
  path: string,
  now: number = Date.now(),
): Promise<Response> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early && now - early.at <= usableMs ? early.response : undefined;
}
