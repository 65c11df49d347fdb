import type { Language } from "../../../core/accounts/accountSchemas";
import type { PublicEventTypeResponse } from "../../../core/api/publicEventTypes";
import type { TimetableResponse } from "../../../core/api/timetable";
import {
  formatDayOfMonth,
  formatLongDate,
  formatMonth,
  formatTime,
  type TimeFormat,
  weekdayNames,
  zoneOffsetLabel,
} from "../../../core/i18n/dateFormat";
import { durationLabel } from "../../../core/i18n/durationLabel";
import { type CalendarType, calendarLocale, intlLocale } from "../../../core/i18n/intlLocale";
import { withBookingUrl } from "../../../core/routing/bookingUrlState";
import {
  addMonths,
  calendarWeeks,
  type MonthId,
  monthOf,
  weekStart,
} from "../../../core/time/calendarMonth";
import { clientTranslator, type Translate } from "./clientCatalogs";

/** What the server knows of a booking page's first view. */
export interface FirstMonthView {
  language: Language;
  calendarType: CalendarType;
  /** The zone the times are shown in (the invitee's stored choice, else the event type's). */
  timeZone: string;
  timeFormat: TimeFormat;
  /** Now, epoch ms. */
  now: number;
  /** yyyy-MM-dd in `timeZone`. */
  today: string;
  month: MonthId;
  /** The address's chosen day, if any. */
  date: string | null;
  pathname: string;
  search: string;
  eventType: PublicEventTypeResponse;
  timetable: TimetableResponse;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text or an attribute value, safe in HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const isolate = (text: string) => `\u2068${text}\u2069`;
export const userText = (text: string) => `<bdi dir="auto">${escapeHtml(text)}</bdi>`;

/**
 * The booking page's first screen as the client draws it (BookingPage, EventSummary, SlotPicker,
 * MonthCalendar, TimeSlots: the same elements and classes, so that the client's first render
 * replaces it where it stands): the event's summary and the month with its bookable days as
 * links (`?month=…&date=…`), which work before any script has run. The address's day shows its
 * times. Without scripts the page is a plain document the server answers again for each link.
 */
export function firstMonthHtml(view: FirstMonthView): string {
  const t = clientTranslator(view.language);
  const hideDetails = new URLSearchParams(view.search).has("hide_details");
  const type = view.eventType;
  const aside = hideDetails ? "" : summaryHtml(view, t);
  const hiddenTitle = hideDetails
    ? `<h1 class="sr-only"><bdi dir="auto">${escapeHtml(type.eventType.title)}</bdi></h1>`
    : "";
  return bookingPageHtml(aside, `${hiddenTitle}${slotPickerHtml(view, t)}`);
}

/**
 * PageLayout's main with BookingCard in it: the event's details beside the step. The marker
 * tells the client's tests that the server's screen is still shown.
 */
export function bookingPageHtml(aside: string, content: string): string {
  const card =
    `<div class="mx-auto flex w-full max-w-5xl flex-col overflow-visible bg-white shadow-sm sm:rounded-2xl lg:flex-row">` +
    (aside
      ? `<aside class="border-b border-gray-200 p-5 sm:p-8 lg:w-80 lg:shrink-0 lg:border-e lg:border-b-0">${aside}</aside>`
      : "") +
    `<div class="min-w-0 flex-1 p-5 sm:p-8">${content}</div></div>`;
  return pageMainHtml(card);
}

/** PageLayout's main of the public pages drawn edge to edge on phones (booking, reschedule, profile). */
export const pageMainHtml = (content: string) =>
  `<main class="flex-1 px-0 py-0 sm:px-6 sm:py-10" data-server-rendered="">${content}</main>`;

function icon(path: string): string {
  return `<svg aria-hidden="true" viewBox="0 0 20 20" class="mt-0.5 size-5 shrink-0 text-gray-500"><path d="${path}" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"></path></svg>`;
}

/** HostAvatars: the hosts' pictures (or initials), overlapping, decorative. */
export function avatarsHtml(
  hosts: readonly { name: string; avatarUrl: string | null }[],
  size: "md" | "lg" = "md",
): string {
  const box = size === "lg" ? "size-20 text-2xl" : "size-10 text-sm";
  const avatars = hosts
    .slice(0, 4)
    .map((host) =>
      host.avatarUrl
        ? `<img src="${escapeHtml(host.avatarUrl)}" alt="" class="${box} rounded-full border-2 border-white bg-gray-100 object-cover">`
        : `<span class="${box} inline-flex items-center justify-center rounded-full border-2 border-white bg-brand-600 font-bold text-white">${escapeHtml(initials(host.name))}</span>`,
    )
    .join("");
  return `<div class="flex -space-x-2 rtl:space-x-reverse" aria-hidden="true">${avatars}</div>`;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ""}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : ""}`.toUpperCase();
}

type Location = PublicEventTypeResponse["eventType"]["locations"][number];

function locationText(location: Location, t: Translate): string {
  const key = `booking.location.${location.type}`;
  const translated = t(key);
  const name = translated === key ? location.type : translated;
  const options = (location.options ?? {}) as {
    address?: string;
    custom?: string;
    direction?: string;
  };
  if (location.type === "IN_PERSON" && options.address)
    return `${name}: ${isolate(options.address)}`;
  if (location.type === "CUSTOM" && options.custom) return isolate(options.custom);
  if (location.type === "PHONE_CALL") {
    return options.direction === "INVITEE_CALLS_HOST"
      ? t("booking.location.inviteeCalls")
      : t("booking.location.hostCalls");
  }
  return name;
}

function priceText(amount: number, currency: string, locale: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(
    amount / 10 ** digits,
  );
}

/**
 * EventSummary: hosts, title (the page's h1, or h2 where the page's h1 names its task), duration,
 * locations, price, what the page adds under them (`extra`, markup), description.
 */
export function summaryHtml(
  view: Pick<FirstMonthView, "eventType" | "language" | "calendarType">,
  t: Translate,
  { headingLevel = 1, duration, extra = "" }: SummaryOptions = {},
): string {
  const response = view.eventType;
  const eventType = response.eventType;
  const locale = calendarLocale(view.language, view.calendarType);
  const hosts = response.host ? [response.host] : response.hosts;
  const team = response.owner.kind === "team" ? response.owner : null;
  const pinned = team !== null && hosts.length === 1;
  const hostNames = team && !pinned ? [team.name] : hosts.map((host) => host.name);
  const items: string[] = [];
  if (eventType.durations.length <= 1) {
    items.push(
      `<li class="flex items-start gap-2">${icon("M10 5v5l3 2M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z")}${escapeHtml(durationLabel(duration ?? eventType.duration, t, locale))}</li>`,
    );
  }
  for (const location of eventType.locations) {
    items.push(
      `<li class="flex items-start gap-2">${icon("M10 18s6-5.2 6-10a6 6 0 1 0-12 0c0 4.8 6 10 6 10Zm0-8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z")}<span class="break-words">${escapeHtml(locationText(location, t))}</span></li>`,
    );
  }
  if (eventType.price) {
    items.push(
      `<li class="flex items-start gap-2">${icon("M4 6h12v9H4zM4 9h12")}${escapeHtml(priceText(eventType.price.amount, eventType.price.currency, locale))}</li>`,
    );
  }
  const description = eventType.description
    ? `<p class="whitespace-pre-line break-words text-gray-700">${userText(eventType.description)}</p>`
    : "";
  return (
    `<div class="flex flex-col gap-4">` +
    avatarsHtml(hosts) +
    `<div class="flex flex-col gap-1"><p class="font-semibold text-gray-600">${hostNames.map(userText).join(", ")}</p>` +
    `<h${headingLevel} class="text-2xl font-bold text-gray-900">${userText(eventType.title)}</h${headingLevel}></div>` +
    `<ul class="flex flex-col gap-2 text-gray-700">${items.join("")}</ul>` +
    extra +
    description +
    `</div>`
  );
}

interface SummaryOptions {
  headingLevel?: 1 | 2;
  /** Minutes shown instead of the event type's (the meeting's own length). */
  duration?: number;
  /** Markup under the details. */
  extra?: string;
}

/** The timetable's days with times, by yyyy-MM-dd, each day's times in time order. */
function daysOf(
  timetable: TimetableResponse,
): Map<string, { start: string; seatsLeft?: number }[]> {
  const days = new Map<string, { start: string; seatsLeft?: number }[]>();
  for (const { date, slots } of timetable.timetable) {
    const times = Object.values(slots).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    if (times.length > 0) days.set(date, times);
  }
  return days;
}

const chevron = (direction: "back" | "forward") =>
  `<svg aria-hidden="true" viewBox="0 0 20 20" class="size-5 ${direction === "back" ? "rotate-180 rtl:rotate-0" : "rtl:rotate-180"}"><path d="m8 5 5 5-5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>`;

/** SlotPicker's EmptyMonth: laid over a month without times, where the next free date is. */
function emptyMonthHtml(
  view: FirstMonthView,
  t: Translate,
  locale: string,
  empty: boolean,
  canGoForward: boolean,
  href: (next: { month: MonthId; date?: string | null }) => string,
): string {
  if (!empty) return "";
  const { firstDate, isNotAvailable, maximumDaysChecked } = view.timetable;
  const link = (target: string, text: string) =>
    `<a href="${target}" class="rounded-lg px-3 py-2 font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-600/10">${escapeHtml(text)}</a>`;
  const jumpTo =
    firstDate && monthOf(firstDate, view.calendarType) !== view.month ? firstDate : null;
  const next = jumpTo
    ? link(
        href({ month: monthOf(jumpTo, view.calendarType), date: jumpTo }),
        t("calendar.jumpToFirst", { date: formatLongDate(jumpTo, locale) }),
      )
    : isNotAvailable
      ? `<p class="text-sm text-gray-700">${escapeHtml(t("calendar.noneAhead", { count: Math.round(maximumDaysChecked / 30) }))}</p>`
      : canGoForward
        ? link(href({ month: addMonths(view.month, 1) }), t("calendar.viewNextMonth"))
        : `<p class="text-sm text-gray-700">${escapeHtml(t("calendar.noAvailableTimes"))}</p>`;
  return (
    `<div class="absolute inset-x-0 top-16 flex justify-center px-2">` +
    `<div class="flex max-w-xs flex-col items-center gap-2 rounded-xl bg-white/95 p-4 text-center shadow-md ring-1 ring-gray-200">` +
    `<p class="font-semibold text-gray-900">${escapeHtml(t("calendar.noTimesInMonth"))}</p>${next}</div></div>`
  );
}

/**
 * SlotPicker: the month calendar, the zone, the time format, and the chosen day's times.
 * `showSeats`: a group's seats left beside each time.
 */
export function slotPickerHtml(
  view: FirstMonthView,
  t: Translate,
  showSeats = view.eventType.eventType.kind === "GROUP",
): string {
  const locale = calendarLocale(view.language, view.calendarType);
  const days = daysOf(view.timetable);
  const href = (next: { month: MonthId; date?: string | null; slot?: string | null }) =>
    escapeHtml(
      // In the order the client writes them: month, date, slot.
      `${view.pathname}${withBookingUrl(view.search, { month: next.month, date: next.date ?? null, slot: next.slot ?? null })}`,
    );
  const firstMonth = monthOf(view.today, view.calendarType);
  const lastMonth = view.timetable.lastDate
    ? monthOf(view.timetable.lastDate, view.calendarType)
    : null;
  const canGoBack = view.month > firstMonth;
  const canGoForward = lastMonth === null || view.month < lastMonth;

  const weeks = calendarWeeks(view.month);
  const firstWeekday = weekStart(view.month);
  while (weeks.length < 6) weeks.push(Array.from({ length: 7 }, () => null));
  const shortNames = weekdayNames(locale, "short", firstWeekday);
  const names = shortNames.some((name) => name.length > 6)
    ? weekdayNames(locale, "narrow", firstWeekday)
    : shortNames;
  const narrowNames = weekdayNames(locale, "narrow", firstWeekday);
  const longNames = weekdayNames(locale, "long", firstWeekday);
  const enabled = weeks
    .flat()
    .filter((day) => day !== null && day.id >= view.today && days.has(day.id))
    .map((day) => day!.id);

  const navButton = (direction: "back" | "forward", allowed: boolean) => {
    const label = t(direction === "back" ? "calendar.previousMonth" : "calendar.nextMonth");
    const className =
      direction === "back"
        ? "inline-flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 disabled:opacity-40 disabled:hover:bg-transparent"
        : "inline-flex size-11 items-center justify-center rounded-full text-brand-700 hover:bg-brand-600/10 disabled:text-gray-700 disabled:opacity-40 disabled:hover:bg-transparent";
    const nav = direction === "forward" ? ` data-month-nav="next"` : "";
    if (!allowed) {
      return `<button type="button" class="${className}"${nav} aria-label="${escapeHtml(label)}" disabled="">${chevron(direction)}</button>`;
    }
    const target = addMonths(view.month, direction === "back" ? -1 : 1);
    return `<a href="${href({ month: target })}" class="${className}"${nav} aria-label="${escapeHtml(label)}">${chevron(direction)}</a>`;
  };

  const head = names
    .map(
      (name, i) =>
        `<th scope="col" abbr="${escapeHtml(longNames[i] ?? "")}" class="pb-1 text-xs font-semibold uppercase text-gray-600"><span class="hidden @3xs:inline">${escapeHtml(name)}</span><span class="@3xs:hidden">${escapeHtml(narrowNames[i] ?? "")}</span></th>`,
    )
    .join("");
  const body = weeks
    .map((week) => {
      const cells = week.map((day) => {
        if (!day) {
          return `<td class="p-0"><div class="mx-auto aspect-square w-full max-w-11"></div></td>`;
        }
        const isEnabled = enabled.includes(day.id);
        const isSelected = day.id === view.date;
        const isToday = day.id === view.today;
        const className = `relative mx-auto flex aspect-square w-full min-w-0 max-w-11 items-center justify-center rounded-full text-base transition-[color,background-color,border-color] ${
          isSelected
            ? "bg-brand-600 font-bold text-white"
            : isEnabled
              ? "bg-brand-600/10 font-bold text-brand-700 hover:bg-brand-600/20"
              : "text-gray-500"
        }`;
        const todayDot = isToday
          ? `<span aria-hidden="true" class="absolute bottom-1.5 size-1 rounded-full ${isSelected ? "bg-white" : "bg-current"}"></span>`
          : "";
        const current = isToday ? "date" : isSelected && isEnabled ? "true" : null;
        const common = `data-day="${day.id}" aria-label="${escapeHtml(formatLongDate(day.id, locale))}"${current ? ` aria-current="${current}"` : ""}`;
        const content = `${escapeHtml(formatDayOfMonth(day.id, locale))}${todayDot}`;
        // A bookable day is a link to its date: it works before (and without) the scripts, each
        // in the tab order (the client's arrow keys between days need its script).
        const cell = isEnabled
          ? `<a href="${href({ month: monthOf(day.id, view.calendarType), date: day.id })}" ${common} class="${className}">${content}</a>`
          : `<button type="button" ${common} disabled="" class="${className}">${content}</button>`;
        return `<td class="p-0">${cell}</td>`;
      });
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("");

  const calendar =
    `<div class="@container flex flex-col gap-3">` +
    `<div class="flex flex-wrap items-center justify-between gap-2">` +
    `<h3 id="first-month-heading" class="text-base font-semibold text-gray-900" aria-live="polite">${escapeHtml(formatMonth(view.month, locale))}</h3>` +
    `<div class="flex gap-1">${navButton("back", canGoBack)}${navButton("forward", canGoForward)}</div></div>` +
    `<table aria-labelledby="first-month-heading" class="w-full table-fixed border-separate border-spacing-y-1 text-center">` +
    `<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;

  const zoneLabel = `${view.timeZone.replaceAll("_", " ")}${(() => {
    const offset = zoneOffsetLabel(view.timeZone, view.now, intlLocale(view.language));
    return offset ? ` (${offset})` : "";
  })()}`;
  const zone = view.eventType.eventType.lockTimeZone
    ? `<p class="text-sm text-gray-700"><span class="font-semibold">${escapeHtml(t("booking.timeZone"))}</span> ${escapeHtml(zoneLabel)} <span class="text-gray-600">${escapeHtml(t("booking.timeZoneLocked"))}</span></p>`
    : `<div class="relative flex flex-col gap-1"><span class="text-sm font-semibold text-gray-800" id="tz-label">${escapeHtml(t("booking.timeZone"))}</span>` +
      `<button type="button" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="tz-label tz-value" class="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-field-border bg-white px-3 py-2 text-start text-sm text-gray-900 hover:border-gray-700"><span id="tz-value">${escapeHtml(zoneLabel)}</span>` +
      `<svg aria-hidden="true" viewBox="0 0 20 20" class="size-4 shrink-0 text-gray-600"><path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" stroke-width="2"></path></svg></button></div>`;
  const formats: [TimeFormat, string][] = [
    [12, t("booking.format12h")],
    [24, t("booking.format24h")],
  ];
  const formatToggle =
    `<fieldset class="flex flex-wrap items-center gap-x-3 gap-y-2"><legend class="sr-only">${escapeHtml(t("booking.timeFormat"))}</legend>` +
    `<span aria-hidden="true" class="text-sm font-semibold text-gray-800">${escapeHtml(t("booking.timeFormat"))}</span>` +
    `<div class="inline-flex rounded-lg bg-gray-100 p-1">${formats
      .map(
        ([format, label]) =>
          `<button type="button" aria-pressed="${view.timeFormat === format}" class="min-h-9 min-w-12 rounded-md px-3 text-sm font-semibold ${view.timeFormat === format ? "bg-brand-700 text-white shadow-sm" : "text-gray-700"}">${escapeHtml(label)}</button>`,
      )
      .join("")}</div></fieldset>`;

  const dayTimes = view.date ? days.get(view.date) : undefined;
  let times: string;
  if (dayTimes && view.date) {
    const date = view.date;
    const labels = dayTimes.map((slot) =>
      formatTime(slot.start, view.timeZone, view.timeFormat, locale),
    );
    const repeated = new Set(labels.filter((label, i) => labels.indexOf(label) !== i));
    const items = dayTimes.map((slot, i) => {
      const shown = labels[i] ?? slot.start;
      const label = repeated.has(shown)
        ? `${shown} (${zoneOffsetLabel(view.timeZone, Date.parse(slot.start), locale)})`
        : shown;
      const seats =
        showSeats && slot.seatsLeft !== undefined
          ? `<span class="text-xs font-normal text-gray-600">${escapeHtml(t("times.seatsLeft", { count: slot.seatsLeft }))}</span>`
          : "";
      return `<li><a href="${href({ month: view.month, date, slot: slot.start })}" aria-label="${escapeHtml(label)}" class="flex min-h-11 w-full flex-col items-center justify-center rounded-lg border px-3 py-2 font-semibold transition-[color,background-color,border-color] border-brand-border text-brand-700 hover:bg-brand-600/5"><span>${escapeHtml(label)}</span>${seats}</a></li>`;
    });
    // app/features/booking/TimesScrollBox.tsx's box; its fades and count come with the client.
    times = `<div class="relative md:-m-1"><div class="md:max-h-[25rem] md:overflow-y-auto md:p-1"><ul class="flex flex-col gap-2">${items.join("")}</ul></div></div>`;
  } else {
    times = `<div><p class="text-sm text-gray-600">${escapeHtml(
      view.date
        ? t("times.noneOnDate", { date: formatLongDate(view.date, locale) })
        : t("times.pickDate"),
    )}</p></div>`;
  }

  return (
    `<div class="flex flex-col gap-5 md:flex-row md:gap-6">` +
    `<section aria-labelledby="pick-date" class="flex min-w-0 flex-1 flex-col gap-4">` +
    `<h2 id="pick-date" class="text-lg font-bold text-gray-900">${escapeHtml(t("calendar.title"))}</h2>` +
    `<div class="relative">${calendar}<div role="status">${emptyMonthHtml(view, t, locale, days.size === 0, canGoForward, href)}</div><p role="alert"></p></div>` +
    zone +
    formatToggle +
    `</section>` +
    `<section aria-labelledby="pick-time" class="flex flex-col gap-3 md:w-56 md:shrink-0">` +
    `<h2 id="pick-time" tabindex="-1" class="text-lg font-bold text-gray-900 outline-none">${escapeHtml(
      view.date ? formatLongDate(view.date, locale) : t("times.title"),
    )}</h2>` +
    times +
    `</section></div>`
  );
}
