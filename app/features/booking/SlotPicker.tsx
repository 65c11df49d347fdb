import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { addMonths, type MonthId, monthOf, monthToShow } from "../../../core/time/calendarMonth";
import { isolateText, UserText } from "../../components/UserText";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { setTimeFormat, useAppState } from "../../state/appState";
import type { TimeFormat } from "../../state/publicProfile";
import { announce } from "../layout/Announcer";
import { useTimeFormat } from "../profile/pageProfile";
import { formatLongDate, isoDateInZone } from "./formatters";
import { MonthCalendar } from "./MonthCalendar";
import { TimeSlots } from "./TimeSlots";
import { TimesScrollBox } from "./TimesScrollBox";
import { TimeZoneField } from "./TimeZoneField";
import { dayKey, outOfOfficeOn, type SlotTime } from "./timetable";
import { type TimetableReference, useTimetable } from "./useTimetable";

interface SlotPickerProps {
  reference: TimetableReference | null;
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  timeZoneLocked: boolean;
  duration: number | null;
  showSeats: boolean;
  /** The month asked for (a link, Back and Forward), or null for the chosen date's or today's. */
  month: MonthId | null;
  /** The chosen day, yyyy-MM-dd. */
  selectedDate: string | null;
  /** The invitee turned the month, or (`auto`) the first load moved on from an empty one. */
  onMonthChange: (month: MonthId, how: "user" | "auto") => void;
  onSelectDate: (isoDate: string) => void;
  selectedStart: string | null;
  onSelect: (slot: SlotTime, isoDate: string) => void;
  /** Coming back to this step (Back, a time taken meanwhile): focus goes to the times' heading. */
  focusTimes?: boolean;
  /** Why the invitee is back here, shown above the times and read with their heading. */
  notice?: string;
}

/** Month calendar, the chosen day's times, the time zone and the 12h/24h switch. */
export function SlotPicker({
  reference,
  timeZone,
  onTimeZoneChange,
  timeZoneLocked,
  duration,
  showSeats,
  month: askedMonth,
  selectedDate,
  onMonthChange,
  onSelectDate,
  selectedStart,
  onSelect,
  focusTimes = false,
  notice,
}: SlotPickerProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const serverDate = useAppState((state) => state.serverDate);
  const timeFormat = useTimeFormat();
  const calendarType = useAppState((state) => state.calendarType);
  const today = isoDateInZone(serverDate, timeZone);
  const month = monthToShow(askedMonth, selectedDate, today, calendarType);
  const { timetable, status, error } = useTimetable(reference, month, timeZone, duration);
  // A month or date asked for is shown as it is, even without times; a month already over
  // (an old link) is not asked for: the first month with times opens.
  const jumped = useRef((askedMonth !== null && askedMonth === month) || selectedDate !== null);
  const rootRef = useRef<HTMLDivElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);
  const timesHeadingRef = useRef<HTMLHeadingElement>(null);
  const noticeId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step appears.
  useEffect(() => {
    if (!focusTimes) return;
    // On phones the times are below the calendar: show their top, with the notice if any.
    timesRef.current?.scrollIntoView({ block: "start" });
    timesHeadingRef.current?.focus({ preventScroll: true });
  }, []);

  // Back and Forward change the date or month under the focused time, which then is gone:
  // focus goes to the times' heading, which names the date shown, instead of the page's body.
  // Not after the first load's move past an empty month: nobody acted, so focus stays unset
  // and the first Tab starts at the top of the page, as on any other first load.
  const shownBefore = useRef({ month, selectedDate });
  const movedOnByItself = useRef(false);
  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = { month, selectedDate };
    if (before.month === month && before.selectedDate === selectedDate) return;
    if (movedOnByItself.current) {
      movedOnByItself.current = false;
      return;
    }
    if (document.activeElement === null || document.activeElement === document.body) {
      timesHeadingRef.current?.focus({ preventScroll: true });
    }
  }, [month, selectedDate]);

  // On the first load, an empty month moves on to the month of the first free date.
  useEffect(() => {
    if (jumped.current || !timetable) return;
    jumped.current = true;
    const first = timetable.firstDate;
    if (Object.keys(timetable.days).length === 0 && first && monthOf(first, calendarType) > month) {
      movedOnByItself.current = true;
      onMonthChange(monthOf(first, calendarType), "auto");
    }
  }, [timetable, month, calendarType, onMonthChange]);

  const firstMonth = monthOf(today, calendarType);
  const lastMonth = timetable?.lastDate ? monthOf(timetable.lastDate, calendarType) : null;
  const isBookable = (isoDate: string) => timetable?.days[dayKey(isoDate)] !== undefined;
  const day = selectedDate ? timetable?.days[dayKey(selectedDate)] : undefined;
  const away = day ? null : outOfOfficeOn(timetable, selectedDate);
  const monthEmpty = timetable !== undefined && Object.keys(timetable.days).length === 0;

  function handleMonthChange(next: MonthId) {
    onMonthChange(next, "user");
  }

  function handleSelectDate(isoDate: string) {
    onSelectDate(isoDate);
    const count = timetable?.days[dayKey(isoDate)]?.times.length ?? 0;
    announce(t("times.available", { count }));
    // The times come after the zone and format controls: focus goes to their heading (now the
    // date) so the first time is one Tab away. On phones they are below the calendar.
    requestAnimationFrame(() => {
      timesRef.current?.scrollIntoView({ block: "nearest" });
      timesHeadingRef.current?.focus({ preventScroll: true });
    });
  }

  // The empty month's message and its button go once used: focus goes where they led.
  function jumpTo(isoDate: string) {
    onSelectDate(isoDate);
    timesHeadingRef.current?.focus();
  }

  function handleEmptyMonthNext() {
    handleMonthChange(addMonths(month, 1));
    rootRef.current
      ?.querySelector<HTMLButtonElement>("[data-month-nav='next']:not(:disabled)")
      ?.focus();
  }

  return (
    <div ref={rootRef} className="flex flex-col gap-5 md:flex-row md:gap-6">
      <section aria-labelledby="pick-date" className="flex min-w-0 flex-1 flex-col gap-4">
        <h2 id="pick-date" className="text-lg font-bold text-gray-900">
          {t("calendar.title")}
        </h2>
        <div className="relative">
          <MonthCalendar
            month={month}
            onMonthChange={handleMonthChange}
            firstMonth={firstMonth}
            lastMonth={lastMonth}
            today={today}
            isBookable={isBookable}
            selected={selectedDate}
            onSelect={handleSelectDate}
            loading={status === "pending"}
          />
          {/* Mounted before its message, so that screen readers announce the message. */}
          <div role="status">
            {monthEmpty && timetable ? (
              <EmptyMonth
                firstDate={
                  timetable.firstDate && monthOf(timetable.firstDate, calendarType) !== month
                    ? timetable.firstDate
                    : null
                }
                noneAhead={timetable.isNotAvailable}
                monthsChecked={Math.round(timetable.maximumDaysChecked / 30)}
                canGoForward={lastMonth === null || month < lastMonth}
                onJump={jumpTo}
                onNextMonth={handleEmptyMonthNext}
                locale={locale}
              />
            ) : null}
          </div>
          <p role="alert" className={status === "error" ? "mt-2 text-sm text-red-700" : undefined}>
            {status === "error"
              ? error instanceof Error
                ? error.message
                : t("errors.unexpected")
              : null}
          </p>
        </div>
        <TimeZoneField
          value={timeZone}
          onChange={onTimeZoneChange}
          locked={timeZoneLocked}
          compact
        />
        <TimeFormatToggle value={timeFormat} />
      </section>
      <section
        ref={timesRef}
        aria-labelledby="pick-time"
        className="flex flex-col gap-3 md:w-56 md:shrink-0"
      >
        <h2
          ref={timesHeadingRef}
          id="pick-time"
          tabIndex={-1}
          aria-describedby={notice ? noticeId : undefined}
          className="text-lg font-bold text-gray-900 outline-none"
        >
          {selectedDate ? formatLongDate(selectedDate, locale) : t("times.title")}
        </h2>
        {notice ? (
          <p
            id={noticeId}
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {notice}
          </p>
        ) : null}
        {/* Only a list of times scrolls (a scroll region of a mere sentence reaches no
            keyboard). */}
        {day ? (
          <TimesScrollBox contentKey={`${day.isoDate} ${timeZone} ${timeFormat}`}>
            <TimeSlots
              times={day.times}
              timeZone={timeZone}
              timeFormat={timeFormat}
              showSeats={showSeats}
              selected={selectedStart}
              onSelect={(slot) => onSelect(slot, day.isoDate)}
            />
          </TimesScrollBox>
        ) : (
          <div>
            {away ? (
              <div className="flex flex-col gap-2 text-sm text-gray-700">
                <p className="font-semibold text-gray-900">{t("times.hostAway")}</p>
                {away.note ? <UserText as="p">{away.note}</UserText> : null}
                {away.colleague ? (
                  <a
                    href={away.colleague.url}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {t("times.bookWith", { name: isolateText(away.colleague.name) })}
                  </a>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-gray-600">
                {selectedDate && status === "success"
                  ? t("times.noneOnDate", { date: formatLongDate(selectedDate, locale) })
                  : t("times.pickDate")}
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

interface EmptyMonthProps {
  firstDate: string | null;
  noneAhead: boolean;
  monthsChecked: number;
  canGoForward: boolean;
  onJump: (isoDate: string) => void;
  onNextMonth: () => void;
  locale: string;
}

/** Laid over the calendar of a month without times: where the next free date is, if any. */
function EmptyMonth({
  firstDate,
  noneAhead,
  monthsChecked,
  canGoForward,
  onJump,
  onNextMonth,
  locale,
}: EmptyMonthProps) {
  const { t } = useTranslation();
  return (
    <div className="absolute inset-x-0 top-16 flex justify-center px-2">
      <div className="flex max-w-xs flex-col items-center gap-2 rounded-xl bg-white/95 p-4 text-center shadow-md ring-1 ring-gray-200">
        <p className="font-semibold text-gray-900">{t("calendar.noTimesInMonth")}</p>
        {firstDate ? (
          <button
            type="button"
            onClick={() => onJump(firstDate)}
            className="rounded-lg px-3 py-2 font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-600/10"
          >
            {t("calendar.jumpToFirst", { date: formatLongDate(firstDate, locale) })}
          </button>
        ) : noneAhead ? (
          <p className="text-sm text-gray-700">
            {t("calendar.noneAhead", { count: monthsChecked })}
          </p>
        ) : canGoForward ? (
          <button
            type="button"
            onClick={onNextMonth}
            className="rounded-lg px-3 py-2 font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-600/10"
          >
            {t("calendar.viewNextMonth")}
          </button>
        ) : (
          <p className="text-sm text-gray-700">{t("calendar.noAvailableTimes")}</p>
        )}
      </div>
    </div>
  );
}

function TimeFormatToggle({ value }: { value: TimeFormat }) {
  const { t } = useTranslation();
  const options: [TimeFormat, string][] = [
    [12, t("booking.format12h")],
    [24, t("booking.format24h")],
  ];
  return (
    // Wraps: at 200% text on a phone the label and both buttons do not fit on one line.
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="sr-only">{t("booking.timeFormat")}</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-gray-800">
        {t("booking.timeFormat")}
      </span>
      <div className="inline-flex rounded-lg bg-gray-100 p-1">
        {options.map(([format, label]) => (
          <button
            key={format}
            type="button"
            aria-pressed={value === format}
            onClick={() => setTimeFormat(format)}
            className={`min-h-9 min-w-12 rounded-md px-3 text-sm font-semibold ${
              value === format ? "bg-brand-700 text-white shadow-sm" : "text-gray-700"
            }`}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
