import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Language } from "../../../core/accounts/accountSchemas";
import type { PublicEventTypeResponse } from "../../../core/api/publicEventTypes";
import type { TimetableResponse } from "../../../core/api/timetable";
import { isoDateInZone, type TimeFormat } from "../../../core/i18n/dateFormat";
import type { CalendarType } from "../../../core/i18n/intlLocale";
import { languageDirection } from "../../../core/i18n/languageDirection";
import { brandShades, focusRing } from "../../../core/pages/brandShades";
import { layoutColors } from "../../../core/pages/layoutColors";
import {
  bookingSourceOf,
  eventTypePath,
  timetableReference,
} from "../../../core/routing/bookingSource";
import { type BookingUrlState, readBookingUrl } from "../../../core/routing/bookingUrlState";
import { type ClientRouteName, matchClientRoute } from "../../../core/routing/clientRoutes";
import {
  monthTimetablePath,
  type TimetableReference,
  timetablePath,
} from "../../../core/routing/timetablePaths";
import {
  firstDayOfMonth,
  lastDayOfMonth,
  type MonthId,
  monthOf,
  monthToShow,
} from "../../../core/time/calendarMonth";
import { canonicalTimeZone } from "../../../core/time/canonicalTimeZone";
import { addDays } from "../../../core/time/localDate";
import { timeZoneAliases } from "../../../core/time/timeZoneAliases";
import { requestLanguage } from "../../i18n/requestLanguage";
import { clientTranslator } from "./clientCatalogs";
import { escapeHtml, firstMonthHtml } from "./firstMonthHtml";

/** The booking pages whose first month the server writes into the page. */
const FIRST_MONTH_ROUTES = new Set<ClientRouteName>([
  "booking",
  "bookingHost",
  "sharedLink",
  "sharedLinkHost",
  "singleUseLink",
]);

/** The id of the inlined data's `<script type="application/json">` (app/features/booking/firstMonth.ts). */
export const FIRST_MONTH_DATA_ID = "first-month";

/** What the client seeds its query cache with: each answer by the API path it would ask. */
export interface FirstMonthData {
  eventType: { path: string; body: PublicEventTypeResponse };
  /**
   * Each month's answer, and where the client may be in another zone (no stored choice), the
   * same month with two days' margin each side, from which the client reads the month in its
   * own zone without asking (app/features/booking/zoneTimetable.ts).
   */
  timetables: { path: string; body: TimetableResponse; margin?: TimetableResponse }[];
  /** The month shown; the client writes it into the address when the server moved on to it. */
  month: string;
  timeZone: string;
}

export interface FirstMonthPage {
  /** The markup inside #root. */
  markup: string;
  /** The inlined data, as a script element. */
  dataScript: string;
  language: string;
  direction: "ltr" | "rtl";
  title: string;
  embedded: boolean;
  /** The page's colours (profile, address) as the client sets them: CSS properties of <html>. */
  style: string;
  /** The page background, for the theme-color meta. */
  background: string;
  /** The page depends on the invitee's stored choices (zone, calendar, time format): not for shared caches. */
  personal: boolean;
  /** The page holds the invitee's own data (their booking): for their browser only, never stored. */
  invitee?: boolean;
}

function validZone(zone: string | undefined): string | null {
  if (!zone) return null;
  try {
    return canonicalTimeZone(timeZoneAliases[zone] ?? zone);
  } catch {
    return null;
  }
}

const parseFormat = (value: unknown): TimeFormat | null =>
  value === 12 || value === "12" ? 12 : value === 24 || value === "24" ? 24 : null;

/** The primary colour when the host picks none (styles.css's --color-brand-600). */
const DEFAULT_PRIMARY = "#1d4ed8";

/** useLayoutColors' CSS properties, written into the page so it is drawn in them at once. */
function pageColors(
  profile: Parameters<typeof layoutColors>[0],
  search: string,
): { style: string; background: string } {
  const { background, text, primary } = layoutColors(profile, search);
  const shades = primary ? brandShades(primary) : null;
  const ring = focusRing(primary ?? DEFAULT_PRIMARY, background);
  const properties = [
    ["--layout-bg", background],
    ["--layout-text", text],
    ["--color-brand-600", shades?.fill],
    ["--color-brand-700", shades?.text],
    ["--color-brand-border", shades?.border],
    ["--color-focus-ring", ring.color],
    ["--focus-halo", ring.halo],
  ] as const;
  // Hex colours only (layoutColors normalises them): nothing here can break out of the attribute.
  const style = properties
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value};`)
    .join(" ");
  return { style, background };
}

/** A JSON text safe inside a `<script>` element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Reads the app's own API as the client would: the same answers, caches and checks. */
export type ApiReader = <T>(path: string) => Promise<T | null>;

export function apiReader(app: FastifyInstance): ApiReader {
  return async <T>(path: string): Promise<T | null> => {
    const response = await app.inject({
      method: "GET",
      url: `/api${path}`,
      headers: { accept: "application/json" },
    });
    return response.statusCode === 200 ? (response.json() as T) : null;
  };
}

/** How the invitee sees an event type's times: their stored choices, else the event's and profile's. */
export interface InviteeView {
  language: Language;
  calendarType: CalendarType;
  /** The zone the server draws in: the invitee's stored choice, else the event type's. */
  timeZone: string;
  timeFormat: TimeFormat;
  /** The browser's zone, which only the client knows, may differ from `timeZone`. */
  zoneMayDiffer: boolean;
  /** The page depends on the invitee's stored choices (zone, calendar, time format). */
  personal: boolean;
}

export function inviteeView(
  request: FastifyRequest,
  eventType: PublicEventTypeResponse,
): InviteeView {
  const cookies = request.cookies ?? {};
  const storedZone = validZone(cookies.time_zone);
  const locked = eventType.eventType.lockTimeZone;
  return {
    language: requestLanguage(request),
    calendarType: cookies.calendar_type === "persian" ? "persian" : "gregorian",
    timeZone: locked ? eventType.eventType.timeZone : (storedZone ?? eventType.eventType.timeZone),
    timeFormat:
      parseFormat(cookies.time_format) ?? parseFormat(eventType.profile?.timeFormat) ?? 24,
    zoneMayDiffer: storedZone === null && !locked,
    personal:
      cookies.time_zone !== undefined ||
      cookies.calendar_type !== undefined ||
      cookies.time_format !== undefined,
  };
}

/** A page's first month: the month shown, its answer, and every answer the client starts from. */
export interface FirstMonthTimetables {
  today: string;
  month: MonthId;
  timetable: TimetableResponse;
  timetables: FirstMonthData["timetables"];
}

/**
 * The first month a page with a calendar shows (the address's, else today's, moving on to the
 * first month with times as the client does on its first load) and its timetable answers, read
 * as the client's SlotPicker asks them. Null when the timetable does not answer.
 */
export async function firstMonthTimetables(
  get: ApiReader,
  input: {
    reference: TimetableReference;
    url: BookingUrlState;
    view: InviteeView;
    duration: number | null;
    now: number;
  },
): Promise<FirstMonthTimetables | null> {
  const { reference, url, view, duration } = input;
  const { timeZone, calendarType } = view;
  const today = isoDateInZone(input.now, timeZone);
  let month = monthToShow(url.month, url.date, today, calendarType);
  let path = monthTimetablePath(reference, month, timeZone, duration);
  // The browser's zone is the client's to know: it gets the month with a margin to read it there.
  const withMargin = async (entry: { path: string; body: TimetableResponse }) => {
    if (!view.zoneMayDiffer) return entry;
    const margin = await get<TimetableResponse>(
      timetablePath(reference, {
        start: addDays(firstDayOfMonth(month), -2),
        end: addDays(lastDayOfMonth(month), 2),
        timeZone,
        duration,
        checkFirstAvailable: true,
      }),
    );
    return margin === null ? entry : { ...entry, margin };
  };
  let timetable = await get<TimetableResponse>(path);
  if (timetable === null) return null;
  const timetables: FirstMonthData["timetables"] = [];
  // As the client does on its first load: a month without times, not asked for by the address,
  // moves on to the month of the first free date.
  const first = timetable.firstDate;
  if (
    url.month === null &&
    url.date === null &&
    timetable.timetable.every((day) => Object.keys(day.slots).length === 0) &&
    first !== null &&
    monthOf(first, calendarType) > month
  ) {
    const nextMonth = monthOf(first, calendarType);
    const nextPath = monthTimetablePath(reference, nextMonth, timeZone, duration);
    const next = await get<TimetableResponse>(nextPath);
    if (next !== null) {
      // The empty month too: the client reads it before it moves on.
      timetables.push({ path, body: timetable });
      [month, path, timetable] = [nextMonth, nextPath, next];
    }
  }
  timetables.push(await withMargin({ path, body: timetable }));
  return { today, month, timetable, timetables };
}

/** The address's query, with its "?", or "". */
export function searchOf(request: FastifyRequest): string {
  const queryAt = request.url.indexOf("?");
  return queryAt >= 0 ? request.url.slice(queryAt) : "";
}

/** The page around a first screen: its data script, language, direction, colours and frame. */
export function firstScreenPage(input: {
  markup: string;
  dataId: string;
  data: unknown;
  language: Language;
  title: string;
  search: string;
  profile: Parameters<typeof layoutColors>[0];
  personal: boolean;
}): FirstMonthPage {
  const flag = new URLSearchParams(input.search).get("isIframe");
  return {
    ...pageColors(input.profile, input.search),
    markup: input.markup,
    dataScript: `<script type="application/json" id="${input.dataId}">${scriptJson(input.data)}</script>`,
    language: input.language,
    direction: languageDirection(input.language),
    title: escapeHtml(input.title),
    embedded: flag !== null && flag !== "false" && flag !== "0",
    personal: input.personal,
  };
}

/**
 * The first screen of a booking page (the event, its month with the bookable days, the address's
 * day with its times) and the API answers it was drawn from, read through the app's own routes
 * (the same answers, caches and checks as the client's calls). Null where the page has no such
 * screen (another route, the details step, an event type that does not answer): the client then
 * draws it as before.
 *
 * The zone is the invitee's stored choice (the `time_zone` cookie the page sets), else the event
 * type's; the client, which may know better (the browser's zone), corrects it
 * (app/features/booking/firstMonth.ts).
 */
export async function loadFirstMonth(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  now: number,
): Promise<FirstMonthPage | null> {
  const route = matchClientRoute(pathname);
  if (!FIRST_MONTH_ROUTES.has(route.name)) return null;
  const source = bookingSourceOf(route.params);
  if (!source) return null;
  const search = searchOf(request);
  const url = readBookingUrl(search);
  if (url.slot !== null) return null;

  const get = apiReader(app);
  const typePath = eventTypePath(source);
  const eventType = await get<PublicEventTypeResponse>(typePath);
  if (eventType === null) return null;

  const view = inviteeView(request, eventType);
  const duration =
    url.duration !== null && eventType.eventType.durations.includes(url.duration)
      ? url.duration
      : null;
  const reference = timetableReference(source);
  const first = await firstMonthTimetables(get, { reference, url, view, duration, now });
  if (first === null) return null;

  const markup = firstMonthHtml({
    language: view.language,
    calendarType: view.calendarType,
    timeZone: view.timeZone,
    timeFormat: view.timeFormat,
    now,
    today: first.today,
    month: first.month,
    date: url.date,
    pathname,
    search,
    eventType,
    timetable: first.timetable,
  });
  const data: FirstMonthData = {
    eventType: { path: typePath, body: eventType },
    timetables: first.timetables,
    month: first.month,
    timeZone: view.timeZone,
  };
  const t = clientTranslator(view.language);
  return firstScreenPage({
    markup,
    dataId: FIRST_MONTH_DATA_ID,
    data,
    language: view.language,
    title: t("booking.documentTitle", { title: eventType.eventType.title }),
    search,
    profile: eventType.profile,
    personal: view.personal,
  });
}
