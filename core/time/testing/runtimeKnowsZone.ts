/** Whether the runtime's ICU knows `zone` at all (test support: the zone tables are checked against it). */
export function runtimeKnowsZone(zone: string): boolean {
  // Intl.supportedValuesOf("timeZone") omits "UTC" and some current names in Node: ask the formatter.
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
