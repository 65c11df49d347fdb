import { zoneOffsetLabel } from "./formatters";

/** A zone as people read it: 'America/New York (GMT-05:00)'. */
export function timeZoneLabel(zone: string, now: number, locale: string): string {
  const offset = zoneOffsetLabel(zone, now, locale);
  return `${zone.replaceAll("_", " ")}${offset ? ` (${offset})` : ""}`;
}
