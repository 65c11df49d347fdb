import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { canonicalTimeZone } from "../time/canonicalTimeZone";

function isKnownZone(zone: string): boolean {
  try {
    canonicalTimeZone(zone);
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone, legacy names mapped to current ones; unknown zones are refused. */
export const timeZoneField = z
  .string()
  .trim()
  .max(64, { error: issueMessage("time.unknownTimeZone") })
  .refine(isKnownZone, { error: issueMessage("time.unknownTimeZone") })
  .transform((zone) => canonicalTimeZone(zone));
