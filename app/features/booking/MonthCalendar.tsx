import { type KeyboardEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  addMonths,
  calendarWeeks,
  type MonthId,
  weekStart,
} from "../../../core/time/calendarMonth";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { formatDayOfMonth, formatLongDate, formatMonth, weekdayNames } from "./formatters";

interface MonthCalendarProps {
  month: MonthId;
  onMonthChange: (month: MonthId) => void;
  /** Months before this one cannot be shown (the invitee's current month). */
  firstMonth: MonthId;
  /** Months after this one cannot be shown (the booking horizon), when there is one. */
  lastMonth: MonthId | null;
  /** yyyy-MM-dd in the invitee's zone. */
  today: string;
  isBookable: (isoDate: string) => boolean;
  selected: string | null;
  onSelect: (isoDate: string) => void;
  /** The month's times are loading: days show, none is enabled yet. */
  loading: boolean;
}

/**
 * A month of days, weeks starting Monday (Saturday in the Solar Hijri calendar). Every day is a button named by its full date;
 * past and unbookable days are disabled. Arrow keys move between bookable days (in the
 * reading direction), Home and End go to the first and last; the month heading is a live
 * region so month changes are announced.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  firstMonth,
  lastMonth,
  today,
  isBookable,
  selected,
  onSelect,
  loading,
}: MonthCalendarProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const weeks = calendarWeeks(month);
  const firstWeekday = weekStart(month);
  // Always six rows, so the calendar keeps its height from month to month.
  while (weeks.length < 6) weeks.push(Array.from({ length: 7 }, () => null));
  // fa's and ar's short names are whole words ('چهارشنبه') that do not fit a phone's column.
  const shortNames = weekdayNames(locale, "short", firstWeekday);
  const names = shortNames.some((name) => name.length > 6)
    ? weekdayNames(locale, "narrow", firstWeekday)
    : shortNames;
  const narrowNames = weekdayNames(locale, "narrow", firstWeekday);
  const longNames = weekdayNames(locale, "long", firstWeekday);
  const gridRef = useRef<HTMLTableElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  const enabledDays = weeks
    .flat()
    .filter((day) => day !== null && !loading && day.id >= today && isBookable(day.id))
    .map((day) => day!.id);
  const tabStop = selected && enabledDays.includes(selected) ? selected : enabledDays[0];

  function focusDay(id: string | undefined) {
    if (!id) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${id}"]`)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const current = (event.target as HTMLElement).dataset.day;
    if (!current) return;
    const index = enabledDays.indexOf(current);
    const forward = getComputedStyle(event.currentTarget).direction === "rtl" ? -1 : 1;
    const byWeek = (step: number) => {
      const target = new Date(`${current}T12:00:00Z`);
      target.setUTCDate(target.getUTCDate() + step * 7);
      const wanted = target.toISOString().slice(0, 10);
      return step > 0
        ? enabledDays.find((day) => day >= wanted)
        : [...enabledDays].reverse().find((day) => day <= wanted);
    };
    const moves: Record<string, string | undefined> = {
      ArrowRight: enabledDays[index + forward],
      ArrowLeft: enabledDays[index - forward],
      ArrowDown: byWeek(1),
      ArrowUp: byWeek(-1),
      Home: enabledDays[0],
      End: enabledDays[enabledDays.length - 1],
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusDay(moves[event.key]);
  }

  const canGoBack = month > firstMonth;
  const canGoForward = lastMonth === null || month < lastMonth;

  // A month button that disables itself (first or last month reached) would drop focus to the
  // page's body: it moves to the other one, which is enabled.
  function handlePrevious() {
    const target = addMonths(month, -1);
    onMonthChange(target);
    if (target <= firstMonth) nextRef.current?.focus();
  }
  function handleNext() {
    const target = addMonths(month, 1);
    onMonthChange(target);
    if (lastMonth !== null && target >= lastMonth) previousRef.current?.focus();
  }

  return (
    <div className="@container flex flex-col gap-3">
      {/* Wraps at large text sizes, where the month and its buttons share no row. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-gray-900" aria-live="polite">
          {formatMonth(month, locale)}
        </h3>
        <div className="flex gap-1">
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 disabled:opacity-40 disabled:hover:bg-transparent"
            ref={previousRef}
            aria-label={t("calendar.previousMonth")}
            disabled={!canGoBack}
            onClick={handlePrevious}
          >
            <Chevron direction="back" />
          </button>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-brand-700 hover:bg-brand-600/10 disabled:text-gray-700 disabled:opacity-40 disabled:hover:bg-transparent"
            ref={nextRef}
            data-month-nav="next"
            aria-label={t("calendar.nextMonth")}
            disabled={!canGoForward}
            onClick={handleNext}
          >
            <Chevron direction="forward" />
          </button>
        </div>
      </div>
      <table
        ref={gridRef}
        aria-labelledby={headingId}
        className="w-full table-fixed border-separate border-spacing-y-1 text-center"
        onKeyDown={handleKeyDown}
        aria-busy={loading || undefined}
      >
        <thead>
          <tr>
            {names.map((name, i) => (
              <th
                key={longNames[i]}
                scope="col"
                abbr={longNames[i]}
                className="pb-1 text-xs font-semibold uppercase text-gray-600"
              >
                {/* Short names need about 16rem: a narrower grid (large text) gets one letter. */}
                <span className="hidden @3xs:inline">{name}</span>
                <span className="@3xs:hidden">{narrowNames[i]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: weeks have no identity but their place.
            <tr key={w}>
              {week.map((day, d) => {
                if (!day) {
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: empty cells, as above.
                    <td key={d} className="p-0">
                      <div className="mx-auto aspect-square w-full max-w-11" />
                    </td>
                  );
                }
                const enabled = enabledDays.includes(day.id);
                const isSelected = day.id === selected;
                return (
                  <td key={day.id} className="p-0">
                    <button
                      type="button"
                      data-day={day.id}
                      aria-label={formatLongDate(day.id, locale)}
                      aria-pressed={enabled ? isSelected : undefined}
                      aria-current={day.id === today ? "date" : undefined}
                      disabled={!enabled}
                      tabIndex={enabled && day.id === tabStop ? 0 : -1}
                      onClick={() => onSelect(day.id)}
                      // At most 2.75rem, else the column: at 200% text the days shrink to fit
                      // their columns instead of spilling over the next day (a tap on 24 hit 25).
                      className={`relative mx-auto flex aspect-square w-full min-w-0 max-w-11 items-center justify-center rounded-full text-base transition-[color,background-color,border-color] ${
                        isSelected
                          ? "bg-brand-600 font-bold text-white"
                          : enabled
                            ? "bg-brand-600/10 font-bold text-brand-700 hover:bg-brand-600/20"
                            : "text-gray-500"
                      }`}
                    >
                      {formatDayOfMonth(day.id, locale)}
                      {day.id === today ? (
                        <span
                          aria-hidden="true"
                          className={`absolute bottom-1.5 size-1 rounded-full ${isSelected ? "bg-white" : "bg-current"}`}
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Chevron({ direction }: { direction: "back" | "forward" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`size-5 ${direction === "back" ? "rotate-180 rtl:rotate-0" : "rtl:rotate-180"}`}
    >
      <path
        d="m8 5 5 5-5 5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
