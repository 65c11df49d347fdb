import { canonicalTimeZone } from "./canonicalTimeZone";
import { zoneCountry } from "./zoneCountry";

/** Text folded for matching: lower case, without accents ('São' finds 'Sao'), `_` as a space. */
export function foldSearchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("_", " ");
}

function zoneName(zone: string, locale: string, now: number, style: "long" | "longGeneric") {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style });
    return parts.formatToParts(now).find((part) => part.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

/**
 * Everything a zone can be found by, in `locale` and folded: its IANA name (with its city), the
 * name of its country ('India', 'Indien') and its common names at `now` ('Pacific Time',
 * 'Iran Standard Time'). `regions` names countries in `locale` (Intl.DisplayNames, passed in
 * so one serves every zone).
 */
export function zoneSearchText(
  zone: string,
  locale: string,
  now: number,
  regions: { of(code: string): string | undefined },
): string {
  const country = zoneCountry[currentName(zone)];
  return foldSearchText(
    [
      zone,
      country ? (regions.of(country) ?? "") : "",
      zoneName(zone, locale, now, "longGeneric"),
      zoneName(zone, locale, now, "long"),
    ].join(" | "),
  );
}

function currentName(zone: string): string {
  try {
    return canonicalTimeZone(zone);
  } catch {
    return zone;
  }
}

/** Whether every word of `query` is in a zone's search text. */
export function matchesZoneQuery(searchText: string, query: string): boolean {
  return foldSearchText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => searchText.includes(word));
}

/**
 * 0 when `query` is in the search text as whole words ('India' in 'India Standard Time'),
 * 1 when only inside longer ones ('Indiana'): whole-word matches are listed first.
 */
export function zoneQueryRank(searchText: string, query: string): 0 | 1 {
  const phrase = foldSearchText(query).trim().replace(/\s+/g, " ");
  if (!phrase) return 0;
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, "u").test(searchText) ? 0 : 1;
}
