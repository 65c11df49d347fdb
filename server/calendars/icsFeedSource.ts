import { guardedFetch } from "../net/guardedFetch";
import { MAX_CALENDAR_BYTES } from "./busyLimits";
import {
  type BusyInterval,
  CALENDAR_REQUEST_TIMEOUT_MS,
  type CalendarSource,
  CalendarSourceError,
  networkFailure,
} from "./calendarSource";
import { icsBusyIntervals } from "./icsBusyIntervals";

/**
 * An ICS feed subscription (read-only): one calendar, its URL. webcal:// is read as https://.
 * A feed over MAX_CALENDAR_BYTES fails with TOO_LARGE.
 * Unless `allowPrivate` (CALENDAR_ALLOW_PRIVATE), the feed, and any redirect it answers, may
 * not be on a private, loopback or link-local address (guardedFetch).
 */
export function icsFeedSource(
  feedUrl: string,
  name: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): CalendarSource {
  const url = feedUrl.replace(/^webcals?:\/\//i, "https://");
  const timeoutMs = options.timeoutMs ?? CALENDAR_REQUEST_TIMEOUT_MS;
  const fetch = guardedFetch({ allowPrivate: options.allowPrivate, maxBytes: MAX_CALENDAR_BYTES });
  let cached: string | null = null;

  async function read(): Promise<string> {
    if (cached !== null) return cached;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: "text/calendar, */*;q=0.5" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw networkFailure(error);
    }
    if (response.status === 401 || response.status === 403) {
      throw new CalendarSourceError("AUTH_FAILED", `HTTP ${response.status}`);
    }
    if (response.status === 404 || response.status === 410) {
      throw new CalendarSourceError("CALENDAR_GONE", `HTTP ${response.status}`);
    }
    if (!response.ok) throw new CalendarSourceError("UNREACHABLE", `HTTP ${response.status}`);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkFailure(error);
    }
    if (text.length > MAX_CALENDAR_BYTES) throw new CalendarSourceError("TOO_LARGE", "too large");
    if (!/^\s*BEGIN:VCALENDAR/i.test(text)) {
      throw new CalendarSourceError("INVALID_DATA", "not an iCalendar file");
    }
    cached = text;
    return text;
  }

  return {
    async discover() {
      const text = await read();
      await icsBusyIntervals(text, 0, 0, "UTC");
      const zone = text.match(/^X-WR-TIMEZONE:(.+)$/m)?.[1]?.trim() ?? null;
      return [{ url: "feed", name, timeZone: validZone(zone), readOnly: true }];
    },
    async readBusy(calendar, from, to, fallbackZone, budget): Promise<BusyInterval[]> {
      const text = await read();
      return icsBusyIntervals(text, from, to, calendar.timeZone ?? fallbackZone, budget);
    },
  };
}

function validZone(zone: string | null): string | null {
  if (zone === null) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
