import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../../../core/time/durations";
import { localToInstant } from "../../../core/time/localToInstant";
import type { Db } from "../../db/database";
import { connectedCalendars, type MicrosoftDeltaState } from "../../db/schema";
import { CalendarSourceError } from "../calendarSource";
import type { ApiRequest } from "../oauth/oauthHttp";

/** What a delta read needs of a connection: Graph calls with its live token (MicrosoftTokenKeeper). */
export interface GraphCaller {
  call<T>(
    request: Omit<ApiRequest, "url"> & { path: string },
    schema: z.ZodType<T>,
  ): Promise<{ status: number; body: T | null }>;
}

/** Every Graph read asks for times in UTC (all-day events are then placed by their dates). */
export const PREFER = 'outlook.timezone="UTC", odata.maxpagesize=250';

/**
 * A delta read covers the window its first request named; it is asked this much further than
 * needed, so the horizon moving on with the days is read in full about once a week only.
 */
export const DELTA_WINDOW_SLACK_MS = 7 * 86_400_000;

const dateTimeTimeZone = z.object({ dateTime: z.string(), timeZone: z.string().optional() });

const deltaPageSchema = z.object({
  value: z.array(
    z.union([
      z.object({ id: z.string(), "@removed": z.object({ reason: z.string().optional() }) }),
      z.object({
        id: z.string(),
        showAs: z.string().optional(),
        isAllDay: z.boolean().optional(),
        isCancelled: z.boolean().optional(),
        start: dateTimeTimeZone,
        end: dateTimeTimeZone,
      }),
    ]),
  ),
  "@odata.nextLink": z.string().optional(),
  "@odata.deltaLink": z.string().optional(),
});
type DeltaItem = z.infer<typeof deltaPageSchema>["value"][number];

/** Graph's `showAs` values that leave the time free; busy, oof and tentative block it. */
const FREE_SHOW_AS = new Set(["free", "workingElsewhere"]);

const enc = encodeURIComponent;

/** A Graph date-time (no offset) in `zone`, as epoch ms; "UTC" is what the Prefer header asks. */
function instantOf(value: { dateTime: string; timeZone?: string | undefined }): number {
  const zone = value.timeZone ?? "UTC";
  const text = value.dateTime.replace(/(\.\d{3})\d*$/, "$1");
  if (zone === "UTC" || zone === "Etc/GMT") return Date.parse(`${text}Z`);
  // Asked for UTC, Graph answers in UTC; another (IANA) zone is still read, a Windows one is not.
  try {
    return localToInstant(zone, text.slice(0, 10), text.slice(11, 16));
  } catch {
    return Number.NaN;
  }
}

/**
 * An event (an occurrence: calendarView expands series) as kept: [start, end, blocks time], or
 * null when it is gone (removed, cancelled) or has no readable time. All-day events are their
 * days in `zone`; events marked free or working elsewhere do not block.
 */
function entryOf(item: DeltaItem, zone: string): [number, number, boolean] | null {
  if ("@removed" in item || item.isCancelled) return null;
  const start = item.isAllDay
    ? localToInstant(zone, item.start.dateTime.slice(0, 10), "00:00")
    : instantOf(item.start);
  const end = item.isAllDay
    ? localToInstant(zone, item.end.dateTime.slice(0, 10), "00:00")
    : instantOf(item.end);
  if (!(start < end) || Number.isNaN(start) || Number.isNaN(end)) return null;
  return [start, end, !FREE_SHOW_AS.has(item.showAs ?? "busy")];
}

const sameEntry = (a: [number, number, boolean] | undefined, b: typeof a) =>
  a === b || (a !== undefined && b !== undefined && a.every((v, i) => v === b[i]));

/**
 * Brings a Microsoft calendar's kept events up to date with calendarView/delta: with a stored
 * state whose window covers [from, to), its deltaLink reads only what changed since; otherwise
 * (the first read, the horizon grown past the window, Graph answering 410 syncStateNotFound
 * for a lapsed link) the window is read in full. Pages are followed by @odata.nextLink until
 * the @odata.deltaLink for next time. The ids a delta read told of (or, after a full read, whose
 * entry differs: added, moved, removed) join `changed`, for two-way. Stored only once every page was read: a failure (thrown as
 * CalendarSourceError) leaves the last state, and nothing is concluded from it.
 */
export async function refreshMicrosoftCalendar(
  db: Db,
  keeper: GraphCaller,
  calendar: { connectionId: string; url: string },
  window: { from: number; to: number; zone: string },
): Promise<MicrosoftDeltaState> {
  const where = and(
    eq(connectedCalendars.connectionId, calendar.connectionId),
    eq(connectedCalendars.url, calendar.url),
  );
  const [row] = await db
    .select({ state: connectedCalendars.deltaState })
    .from(connectedCalendars)
    .where(where);
  const old = row?.state ?? null;
  // The window's start may be a little before the stored one (another process's clock a few
  // seconds behind): a day of the past is not worth a full read.
  const covers = old !== null && old.from <= window.from + DAY_MS && old.to >= window.to;
  type Read = Omit<MicrosoftDeltaState, "changed"> & { told: string[] };
  const read = async (link: string | null): Promise<Read | null> => {
    const events: MicrosoftDeltaState["events"] = link !== null && old ? { ...old.events } : {};
    const to = link !== null && old ? old.to : window.to + DELTA_WINDOW_SLACK_MS;
    const from = link !== null && old ? old.from : window.from;
    const query = new URLSearchParams({
      startDateTime: new Date(from).toISOString(),
      endDateTime: new Date(to).toISOString(),
    });
    let next: string | undefined =
      link ?? `/me/calendars/${enc(calendar.url)}/calendarView/delta?${query}`;
    let delta: string | undefined;
    const told: string[] = [];
    while (next) {
      const answer: { status: number; body: z.infer<typeof deltaPageSchema> | null } =
        await keeper.call(
          {
            method: "GET",
            path: next,
            headers: { prefer: PREFER },
            accept: link !== null ? [410] : [],
          },
          deltaPageSchema,
        );
      const { status, body } = answer;
      if (status === 410) return null;
      for (const item of body?.value ?? []) {
        told.push(item.id);
        const entry = entryOf(item, window.zone);
        if (entry === null) delete events[item.id];
        else events[item.id] = entry;
      }
      next = body?.["@odata.nextLink"];
      delta = body?.["@odata.deltaLink"];
    }
    if (delta === undefined) throw new CalendarSourceError("INVALID_DATA", "no deltaLink");
    return { link: delta, from, to, events, told: link !== null ? told : [] };
  };
  const fresh = (covers ? await read(old.link) : null) ?? (await read(null));
  // A full read never answers 410 (it is not accepted there): it throws instead.
  if (fresh === null) throw new CalendarSourceError("INVALID_DATA", "delta");
  // What a delta read told of changed (an event made and deleted between two reads included);
  // after a full read, what differs from the events kept before.
  const { told, ...kept } = fresh;
  const changed = new Set([...(old?.changed ?? []), ...told]);
  if (old !== null && told.length === 0) {
    for (const id of new Set([...Object.keys(old.events), ...Object.keys(fresh.events)])) {
      if (!sameEntry(old.events[id], fresh.events[id])) changed.add(id);
    }
  }
  const state: MicrosoftDeltaState = { ...kept, changed: [...changed] };
  await db.update(connectedCalendars).set({ deltaState: state }).where(where);
  return state;
}
