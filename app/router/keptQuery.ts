// The spec's query parameters that travel with every navigation of the public pages (§3).
const keptNames = new Set([
  "back",
  "hide_details",
  "background_color",
  "text_color",
  "primary_color",
  "redirect_parent",
  "title",
  "name",
  "first_name",
  "last_name",
  "email",
  "mobile",
  "location",
  "isIframe",
  "no_consent",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
]);

/** Whether a query parameter is one the spec keeps: its list, a1 to a20, and any c__ name. */
export function isKeptQueryParam(name: string): boolean {
  if (keptNames.has(name) || name.startsWith("c__")) return true;
  const answer = /^a([1-9]\d?)$/.exec(name);
  return answer !== null && Number(answer[1]) <= 20;
}

/**
 * `to` with the kept parameters of `currentSearch` added; parameters `to` sets itself win.
 * A hash in `to` stays at the end.
 */
export function withKeptQuery(to: string, currentSearch: string): string {
  const hashAt = to.indexOf("#");
  const hash = hashAt === -1 ? "" : to.slice(hashAt);
  const withoutHash = hashAt === -1 ? to : to.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? "" : withoutHash.slice(queryAt + 1));
  for (const [name, value] of new URLSearchParams(currentSearch)) {
    if (isKeptQueryParam(name) && !params.has(name)) params.append(name, value);
  }
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
}
