import type { DAVCalendar } from "tsdav";
import { guardedFetch } from "../net/guardedFetch";
import { MAX_CALENDAR_BYTES, ReadBudget } from "./busyLimits";
import {
  type BusyInterval,
  CALENDAR_REQUEST_TIMEOUT_MS,
  type CalendarSource,
  CalendarSourceError,
  type DiscoveredCalendar,
  networkFailure,
  type WrittenEvent,
} from "./calendarSource";
import { icsBusyIntervals } from "./icsBusyIntervals";

let tsdavLoading: Promise<typeof import("tsdav")> | null = null;
/** tsdav loads when a CalDAV calendar is first used, not at start (most hosts have none). */
function tsdav(): Promise<typeof import("tsdav")> {
  tsdavLoading ??= import("tsdav");
  return tsdavLoading;
}

export interface CalDavAccount {
  serverUrl: string;
  username: string;
  password: string;
}

/**
 * A fetch for tsdav that gives every request a time limit and turns refusals into reasons:
 * 401/403 is a wrong password, a 404 on a calendar (when `goneOn404`) is a calendar that was
 * deleted. tsdav itself reads a failed request as an empty answer, which would look like a
 * calendar with no events. Unless `allowPrivate` (CALENDAR_ALLOW_PRIVATE), no request, nor a
 * redirect, may reach a private, loopback or link-local address (guardedFetch). An answer over
 * MAX_CALENDAR_BYTES fails with TOO_LARGE.
 */
function checkedFetchOf(goneOn404: boolean, allowPrivate: boolean): typeof fetch {
  const send = guardedFetch({ allowPrivate, maxBytes: MAX_CALENDAR_BYTES });
  return async (input, init) => {
    let response: Response;
    try {
      response = await send(input, {
        ...init,
        signal: AbortSignal.timeout(CALENDAR_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw networkFailure(error);
    }
    if (response.status === 401 || response.status === 403) {
      throw new CalendarSourceError("AUTH_FAILED", `HTTP ${response.status}`);
    }
    if (goneOn404 && (response.status === 404 || response.status === 410)) {
      throw new CalendarSourceError("CALENDAR_GONE", `HTTP ${response.status}`);
    }
    if (response.status >= 500) {
      throw new CalendarSourceError("UNREACHABLE", `HTTP ${response.status}`);
    }
    return response;
  };
}

/**
 * A CalDAV account (Nextcloud, Fastmail, iCloud, Radicale, …) through tsdav; `allowPrivate` is
 * CALENDAR_ALLOW_PRIVATE.
 */
export function caldavSource(account: CalDavAccount, allowPrivate: boolean): CalendarSource {
  const checkedFetch = (goneOn404: boolean) => checkedFetchOf(goneOn404, allowPrivate);
  const headers = {
    authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`,
  };
  const calendarOf = (url: string): DAVCalendar => ({ url });

  return {
    async discover(): Promise<DiscoveredCalendar[]> {
      const client = new (await tsdav()).DAVClient({
        serverUrl: account.serverUrl,
        credentials: { username: account.username, password: account.password },
        authMethod: "Basic",
        defaultAccountType: "caldav",
        fetch: checkedFetch(false),
      });
      try {
        await client.login();
        const calendars = await client.fetchCalendars();
        return calendars
          .filter((calendar) => calendar.components?.includes("VEVENT") ?? true)
          .map((calendar) => ({
            url: calendar.url,
            name: displayName(calendar),
            timeZone: zoneOf(calendar.timezone),
            readOnly: false,
          }));
      } catch (error) {
        if (error instanceof CalendarSourceError) throw error;
        // tsdav says "cannot find homeUrl" and the like when the URL is not a CalDAV server.
        throw new CalendarSourceError("UNREACHABLE", String(error));
      }
    },

    async readBusy(
      calendar,
      from,
      to,
      fallbackZone,
      budget = new ReadBudget(),
    ): Promise<BusyInterval[]> {
      let objects: Awaited<ReturnType<typeof import("tsdav").fetchCalendarObjects>>;
      try {
        objects = await (await tsdav()).fetchCalendarObjects({
          calendar: calendarOf(calendar.url),
          timeRange: { start: new Date(from).toISOString(), end: new Date(to).toISOString() },
          headers,
          fetch: checkedFetch(true),
        });
      } catch (error) {
        throw networkFailure(error);
      }
      const zone = calendar.timeZone ?? fallbackZone;
      const busy: BusyInterval[] = [];
      // One budget for all objects: a calendar of 10,000 objects costs what one file of them would.
      for (const object of objects) {
        if (typeof object.data !== "string" || object.data.trim() === "") continue;
        busy.push(...(await icsBusyIntervals(object.data, from, to, zone, budget)));
        if (budget.remaining <= 0) {
          budget.truncated = true;
          break;
        }
      }
      return busy;
    },

    async writeEvent(calendarUrl, uid, ics, existing): Promise<WrittenEvent> {
      const send = checkedFetch(true);
      try {
        if (existing === null) {
          const filename = `${uid.replace(/[^A-Za-z0-9._-]/g, "_")}.ics`;
          const href = new URL(filename, calendarUrl).href;
          const created = await (await tsdav()).createCalendarObject({
            calendar: calendarOf(calendarUrl),
            iCalString: ics,
            filename,
            headers,
            fetch: send,
          });
          // 412: a retry of a write that went through before: replace what is there.
          if (created.status === 412)
            return this.writeEvent!(calendarUrl, uid, ics, await head(href));
          expectOk(created);
          return { href, etag: created.headers.get("etag") };
        }
        const updated = await (await tsdav()).updateCalendarObject({
          calendarObject: { url: existing.href, etag: existing.etag ?? undefined, data: ics },
          headers,
          fetch: checkedFetch(false),
        });
        if (updated.status === 404) return this.writeEvent!(calendarUrl, uid, ics, null);
        if (updated.status === 412) {
          // Changed at the server since we wrote it (the host edited it): read its version and
          // write ours over it, the booking being the truth about its time.
          return this.writeEvent!(calendarUrl, uid, ics, await head(existing.href));
        }
        expectOk(updated);
        return { href: existing.href, etag: updated.headers.get("etag") };
      } catch (error) {
        throw networkFailure(error);
      }
    },

    async deleteEvent(existing): Promise<void> {
      try {
        const response = await (await tsdav()).deleteCalendarObject({
          calendarObject: { url: existing.href, etag: existing.etag ?? undefined },
          headers,
          fetch: checkedFetch(false),
        });
        if (response.status === 404 || response.status === 410) return;
        if (response.status === 412) {
          const current = await head(existing.href);
          if (current.etag !== existing.etag) return this.deleteEvent!(current);
        }
        expectOk(response);
      } catch (error) {
        throw networkFailure(error);
      }
    },
  };

  /** The resource's current ETag (a GET, as not every server answers HEAD with one). */
  async function head(href: string): Promise<WrittenEvent> {
    const response = await checkedFetch(false)(href, { headers });
    if (response.status === 404) return { href, etag: null };
    return { href, etag: response.headers.get("etag") };
  }
}

function expectOk(response: Response): void {
  if (!response.ok) {
    throw new CalendarSourceError("UNREACHABLE", `HTTP ${response.status} ${response.statusText}`);
  }
}

function displayName(calendar: DAVCalendar): string {
  const name = calendar.displayName;
  if (typeof name === "string" && name.trim() !== "") return name.trim();
  return decodeURIComponent(new URL(calendar.url).pathname.split("/").filter(Boolean).pop() ?? "");
}

/** The TZID of a calendar's CALDAV:calendar-timezone (a VTIMEZONE text), when it names one. */
function zoneOf(vtimezone: string | undefined): string | null {
  const match = vtimezone?.match(/^TZID:(.+)$/m);
  if (!match) return null;
  const tzid = match[1]!.trim();
  try {
    new Intl.DateTimeFormat("en", { timeZone: tzid });
    return tzid;
  } catch {
    return null;
  }
}
