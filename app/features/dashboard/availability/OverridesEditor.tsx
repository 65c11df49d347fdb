import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  addMonths,
  calendarWeeks,
  firstDayOfMonth,
  lastDayOfMonth,
  type MonthId,
  monthOf,
} from "../../../../core/time/calendarMonth";
import { addDays, parseLocalDate, WEEKDAYS, weekdayOf } from "../../../../core/time/localDate";
import type { FieldErrors } from "../../../api/apiClient";
import { Button } from "../../../components/Button";
import { Dialog } from "../../../components/Dialog";
import { FieldMessages } from "../../../components/FieldMessages";
import type { Schedule, TimeRange } from "../api/types";
import { RangesEditor } from "./RangesEditor";
import { wallTimeLabel } from "./timeOptions";

/** A date whose hours differ from the week's (core/api/schedules.ts). */
export type Override = Schedule["overrides"][number];

interface OverridesEditorProps {
  overrides: readonly Override[];
  onChange: (overrides: Override[]) => void;
  /** Today in the schedule's zone; earlier dates cannot be picked. */
  today: string;
  errors: FieldErrors;
  hour12: boolean;
  locale: string;
}

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);
const daysInMonth = (month: MonthId) => Number(lastDayOfMonth(month).slice(8));

/** Date overrides picked on a month calendar: other hours on a date, or the day off. */
export function OverridesEditor({
  overrides,
  onChange,
  today,
  errors,
  hour12,
  locale,
}: OverridesEditorProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const longDate = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const describe = (override: Override) =>
    override.intervals.length === 0
      ? t("dashboard.availability.dayOff")
      : override.intervals
          .map(
            (r) =>
              `${wallTimeLabel(r.start, hour12, locale)}–${wallTimeLabel(r.end, hour12, locale)}`,
          )
          .join(", ");
  const save = (override: Override) =>
    onChange(
      [...overrides.filter((o) => o.date !== override.date), override].sort((a, b) =>
        a.date.localeCompare(b.date),
      ),
    );
  const remove = (date: string) => onChange(overrides.filter((o) => o.date !== date));
  const upcoming = overrides.filter((o) => o.date >= today);

  return (
    <div className="flex flex-col gap-4">
      <FieldMessages id="overrides" errors={errors.overrides} />
      <div className="grid gap-6 lg:grid-cols-2">
        <OverrideCalendar
          today={today}
          byDate={byDate}
          locale={locale}
          describe={describe}
          onPick={setEditing}
        />
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-gray-900">
            {t("dashboard.availability.overridesList")}
          </h3>
          {upcoming.length === 0 ? (
            <p className="text-sm text-gray-600">{t("dashboard.availability.noOverrides")}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {upcoming.map((override) => {
                const index = overrides.indexOf(override);
                const label = longDate.format(utcNoon(override.date));
                const overrideErrors = Object.entries(errors)
                  .filter(([key]) => key.startsWith(`overrides.${index}.`))
                  .flatMap(([, messages]) => messages);
                return (
                  <li
                    key={override.date}
                    className="flex flex-col gap-1 rounded-xl border border-gray-200 p-3"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div>
                        <p className="font-semibold text-gray-900">{label}</p>
                        <p className="text-sm text-gray-700">{describe(override)}</p>
                      </div>
                      <div className="flex gap-2">
                        <Button variant="secondary" onClick={() => setEditing(override.date)}>
                          {t("dashboard.common.edit")}
                          <span className="sr-only"> {label}</span>
                        </Button>
                        <Button variant="secondary" onClick={() => remove(override.date)}>
                          {t("dashboard.common.remove")}
                          <span className="sr-only"> {label}</span>
                        </Button>
                      </div>
                    </div>
                    <FieldMessages id={`override-${index}`} errors={overrideErrors} />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
      {editing ? (
        <OverrideDialog
          date={editing}
          label={longDate.format(utcNoon(editing))}
          existing={byDate.get(editing) ?? null}
          hour12={hour12}
          locale={locale}
          onSave={save}
          onRemove={() => remove(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

interface OverrideCalendarProps {
  today: string;
  byDate: Map<string, Override>;
  locale: string;
  describe: (override: Override) => string;
  onPick: (date: string) => void;
}

/** A month grid (WAI-ARIA date grid: arrows, Home/End, Page Up/Down) of pickable dates. */
function OverrideCalendar({ today, byDate, locale, describe, onPick }: OverrideCalendarProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const [focused, setFocused] = useState(today);
  const month = monthOf(focused);
  const gridRef = useRef<HTMLTableElement>(null);
  const first = firstDayOfMonth(month);
  const weeks = calendarWeeks(month).map((week) => week.map((day) => day?.id ?? null));
  const monthLabel = new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(utcNoon(first));
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const fullDate = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" });
  const firstMonday = "2024-01-01";

  function moveTo(date: string) {
    const clamped = date < today ? today : date;
    setFocused(clamped);
    requestAnimationFrame(() =>
      gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${clamped}"]`)?.focus(),
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const day = parseLocalDate(focused);
    const weekday = WEEKDAYS.indexOf(weekdayOf(focused));
    const sameDayIn = (by: number) => {
      const target = addMonths(month, by);
      return addDays(
        firstDayOfMonth(target),
        Math.min(Number(focused.slice(8)), daysInMonth(target)) - 1,
      );
    };
    let next: string | null = null;
    if (event.key === "ArrowRight") next = addDays(focused, rtl ? -1 : 1);
    else if (event.key === "ArrowLeft") next = addDays(focused, rtl ? 1 : -1);
    else if (event.key === "ArrowDown") next = addDays(focused, 7);
    else if (event.key === "ArrowUp") next = addDays(focused, -7);
    else if (event.key === "Home") next = addDays(focused, -weekday);
    else if (event.key === "End") next = addDays(focused, 6 - weekday);
    else if (event.key === "PageDown") next = sameDayIn(1);
    else if (event.key === "PageUp") next = sameDayIn(-1);
    if (next === null || Number.isNaN(day)) return;
    event.preventDefault();
    moveTo(next);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          disabled={month <= monthOf(today)}
          onClick={() => {
            const previous = firstDayOfMonth(addMonths(month, -1));
            setFocused(previous < today ? today : previous);
          }}
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-gray-100 disabled:opacity-40"
        >
          {/* ‹ and › are mirrored glyphs: rtl text shows them the other way round by itself. */}
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{t("dashboard.availability.previousMonth")}</span>
        </button>
        <h3 id={captionId} aria-live="polite" className="font-semibold text-gray-900">
          {monthLabel}
        </h3>
        <button
          type="button"
          onClick={() => setFocused(firstDayOfMonth(addMonths(month, 1)))}
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-gray-100"
        >
          <span aria-hidden="true">›</span>
          <span className="sr-only">{t("dashboard.availability.nextMonth")}</span>
        </button>
      </div>
      <table
        ref={gridRef}
        aria-labelledby={captionId}
        className="w-full table-fixed border-collapse"
        onKeyDown={handleKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((weekdayKey, i) => (
              <th key={weekdayKey} scope="col" className="pb-1 text-xs font-semibold text-gray-600">
                <abbr
                  title={weekdayLong.format(utcNoon(addDays(firstMonday, i)))}
                  className="no-underline"
                >
                  {weekdayFormat.format(utcNoon(addDays(firstMonday, i)))}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? "w"}>
              {week.map((date, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: empty padding cells have nothing else to key by.
                if (!date) return <td key={`e${i}`} />;
                const override = byDate.get(date);
                const past = date < today;
                const status = override ? describe(override) : null;
                return (
                  <td key={date} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={date}
                      disabled={past}
                      tabIndex={date === focused ? 0 : -1}
                      onFocus={() => setFocused(date)}
                      onClick={() => onPick(date)}
                      aria-label={`${fullDate.format(utcNoon(date))}${status ? `, ${status}` : ""}`}
                      className={`relative inline-flex size-10 items-center justify-center rounded-full text-sm sm:size-11 ${
                        past
                          ? "text-gray-400"
                          : override
                            ? override.intervals.length === 0
                              ? "bg-gray-800 font-semibold text-white"
                              : "bg-brand-600 font-semibold text-white"
                            : "text-gray-900 hover:bg-blue-50"
                      } ${date === today ? "ring-2 ring-brand-600 ring-offset-1" : ""}`}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-gray-600">{t("dashboard.availability.calendarHint")}</p>
    </div>
  );
}

interface OverrideDialogProps {
  date: string;
  label: string;
  existing: Override | null;
  hour12: boolean;
  locale: string;
  onSave: (override: Override) => void;
  onRemove: () => void;
  onClose: () => void;
}

function OverrideDialog({
  date,
  label,
  existing,
  hour12,
  locale,
  onSave,
  onRemove,
  onClose,
}: OverrideDialogProps) {
  const { t } = useTranslation();
  const name = useId();
  const [dayOff, setDayOff] = useState(existing ? existing.intervals.length === 0 : false);
  const [ranges, setRanges] = useState<TimeRange[]>(
    existing && existing.intervals.length > 0
      ? existing.intervals
      : [{ start: "09:00", end: "17:00" }],
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("dashboard.availability.overrideTitle", { date: label })}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-gray-800">
          {t("dashboard.availability.overrideLegend")}
        </legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={name}
            checked={!dayOff}
            onChange={() => setDayOff(false)}
            className="size-5 accent-brand-600"
          />
          {t("dashboard.availability.otherHours")}
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={name}
            checked={dayOff}
            onChange={() => setDayOff(true)}
            className="size-5 accent-brand-600"
          />
          {t("dashboard.availability.unavailable")}
        </label>
      </fieldset>
      {dayOff ? null : (
        <RangesEditor
          dayLabel={label}
          ranges={ranges}
          onChange={setRanges}
          path="override"
          errors={{}}
          hour12={hour12}
          locale={locale}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {existing ? (
          <Button
            variant="secondary"
            onClick={() => {
              onRemove();
              onClose();
            }}
          >
            {t("dashboard.availability.removeOverride")}
          </Button>
        ) : null}
        <Button
          onClick={() => {
            onSave({ date, intervals: dayOff ? [] : ranges });
            onClose();
          }}
          disabled={!dayOff && ranges.length === 0}
        >
          {t("dashboard.availability.applyOverride")}
        </Button>
      </div>
    </Dialog>
  );
}
