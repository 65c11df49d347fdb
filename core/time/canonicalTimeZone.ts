import { timeZoneAliases } from "./timeZoneAliases";
import { unknownTimeZone } from "./unknownTimeZone";

const aliasesByLowerName = new Map(
  Object.entries(timeZoneAliases).map(([legacy, current]) => [legacy.toLowerCase(), current]),
);

/** The current IANA name of `zone` (case fixed, legacy names renamed); throws DomainError VALIDATION for an unknown zone. */
export function canonicalTimeZone(zone: string): string {
  const known = canonicalByName.get(zone);
  if (known !== undefined) return known;
  const canonical = resolveTimeZone(zone);
  // Unknown names throw and are never cached; the cap bounds odd spellings ("eUrOpE/bErLiN").
  if (canonicalByName.size < 5000) canonicalByName.set(zone, canonical);
  return canonical;
}

const canonicalByName = new Map<string, string>();

function resolveTimeZone(zone: string): string {
  const aliased = aliasesByLowerName.get(zone.toLowerCase());
  if (aliased !== undefined) return aliased;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw unknownTimeZone(zone);
  }
  // ICU (Node, Chrome) reports some renamed zones by their old name, e.g. Asia/Kolkata as Asia/Calcutta.
  return aliasesByLowerName.get(resolved.toLowerCase()) ?? resolved;
}
