import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ReschedulePageResponse } from "../../../core/api/reschedule";
import { formatMeetingTime, formatTime } from "../../../core/i18n/dateFormat";
import { durationLabel } from "../../../core/i18n/durationLabel";
import { calendarLocale } from "../../../core/i18n/intlLocale";
import { readBookingUrl } from "../../../core/routing/bookingUrlState";
import { type ClientRouteName, matchClientRoute } from "../../../core/routing/clientRoutes";
import { reschedulePagePath, timetableReferenceOf } from "../../../core/routing/reschedulePaths";
import { clientTranslator } from "./clientCatalogs";
import {
  apiReader,
  FIRST_MONTH_DATA_ID,
  type FirstMonthData,
  type FirstMonthPage,
  firstMonthTimetables,
  firstScreenPage,
  inviteeView,
  searchOf,
} from "./firstMonth";
import { bookingPageHtml, escapeHtml, slotPickerHtml, summaryHtml } from "./firstMonthHtml";

/** The invitee's reschedule links (the attendee mode of core/routing/reschedulePaths.ts). */
const INVITEE_ROUTES = new Set<ClientRouteName>(["rescheduleByAttendee", "legacyReschedule"]);

/** What the client seeds its query cache with on a reschedule page (app/features/reschedule/firstMonth.ts). */
export interface RescheduleFirstMonthData extends Omit<FirstMonthData, "eventType"> {
  /** The public read of the page (reschedulePagePath), token and all: the page is the invitee's. */
  reschedule: { path: string; body: ReschedulePageResponse };
}

/**
 * The first screen of an invitee's reschedule link (spec §6, /reschedule/by-attendee/{uuid} and
 * its legacy /rescheduling/{uuid}): the former time beside the month of new times, drawn as the
 * booking page's first month is, with the same helpers, and the answers inlined for the client.
 *
 * Only the common screen is drawn: a cancelled booking, a series (its meeting picker), a link
 * past its notice or never open, and the confirm step are left to the client, as before. Hosts'
 * reschedule pages read with the host's session, which the server does not replay.
 *
 * The page holds the invitee's booking (and, with the link's token, their name and email): it
 * is marked for their browser alone, never a shared cache (clientApp's `invitee`).
 */
export async function loadRescheduleFirstMonth(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  now: number,
): Promise<FirstMonthPage | null> {
  const route = matchClientRoute(pathname);
  if (!INVITEE_ROUTES.has(route.name)) return null;
  const uuid = route.params.uuid ?? "";
  const search = searchOf(request);
  const url = readBookingUrl(search);
  if (url.slot !== null) return null;

  const get = apiReader(app);
  const token = new URLSearchParams(search).get("token");
  const pagePath = reschedulePagePath("attendee", uuid, "", token);
  if (pagePath === null) return null;
  const page = await get<ReschedulePageResponse>(pagePath);
  if (page === null) return null;
  const { event, eventType } = page;
  const until = event.inviteeChanges.rescheduleUntil;
  if (
    event.status === "CANCELLED" ||
    page.invitee?.status === "CANCELLED" ||
    event.series ||
    until === null ||
    now > Date.parse(until)
  ) {
    return null;
  }

  const view = inviteeView(request, eventType);
  const reference = timetableReferenceOf("attendee", uuid, "");
  const first = await firstMonthTimetables(get, { reference, url, view, duration: null, now });
  if (first === null) return null;

  const t = clientTranslator(view.language);
  const locale = calendarLocale(view.language, view.calendarType);
  const minutes = (Date.parse(event.end) - Date.parse(event.start)) / 60_000;
  const former = formatMeetingTime(event.start, event.end, view.timeZone, view.timeFormat, locale);
  const formerTime = `<p class="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800"><span class="font-semibold">${escapeHtml(t("reschedule.formerTime"))}:</span> ${escapeHtml(former.times)}, ${escapeHtml(former.date)}</p>`;
  const aside = summaryHtml({ ...view, eventType }, t, {
    headingLevel: 2,
    duration: minutes,
    extra: formerTime,
  });
  // InviteeChangeNotice while the link is open: the deadline, when it comes before the meeting.
  const notice =
    Date.parse(until) < Date.parse(event.start)
      ? `<p class="text-sm text-gray-700">${escapeHtml(
          t("reschedule.until", {
            time: formatTime(until, view.timeZone, view.timeFormat, locale),
            date: formatMeetingTime(until, until, view.timeZone, view.timeFormat, locale).date,
          }),
        )}</p>`
      : "";
  const picker = slotPickerHtml(
    {
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
    },
    t,
    eventType.eventType.kind === "GROUP",
  );
  const content =
    `<div class="flex flex-col gap-4">` +
    `<h1 class="sr-only">${escapeHtml(t("reschedule.title", { title: event.title }))}</h1>` +
    `<p class="text-sm text-gray-700">${escapeHtml(t("reschedule.intro", { duration: durationLabel(minutes, t, locale) }))}</p>` +
    notice +
    picker +
    `</div>`;

  const data: RescheduleFirstMonthData = {
    reschedule: { path: pagePath, body: page },
    timetables: first.timetables,
    month: first.month,
    timeZone: view.timeZone,
  };
  return {
    ...firstScreenPage({
      markup: bookingPageHtml(aside, content),
      dataId: FIRST_MONTH_DATA_ID,
      data,
      language: view.language,
      title: t("reschedule.documentTitle"),
      search,
      profile: eventType.profile,
      personal: true,
    }),
    invitee: true,
  };
}
