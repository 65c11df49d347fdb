/** Whether the runtime knows `zone` as an IANA time zone (any case, legacy names and "UTC" included); never throws. */
export function isValidTimeZone(zone: string): boolean {
  // Intl.supportedValuesOf("timeZone") omits "UTC" and some current names in Node, so ask the formatter.
  if (typeof zone !== "string" || zone.length === 0) return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
