import { useTranslation } from "react-i18next";
import type { FieldErrors } from "../../../api/apiClient";
import { FieldMessages, inputClassName } from "../../../components/FieldMessages";
import type { TimeRange } from "../api/types";
import { nextRange, timeOptions, wallTimeLabel } from "./timeOptions";

const STARTS = timeOptions(15, false);
const ENDS = timeOptions(15, true);

interface RangesEditorProps {
  /** Names the day in accessible labels, e.g. "Monday". */
  dayLabel: string;
  ranges: readonly TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  /** The API's error path of this list, e.g. "weekly.MON" or "overrides.2.intervals". */
  path: string;
  errors: FieldErrors;
  hour12: boolean;
  locale: string;
}

/** Several from–to ranges of one day, each with its own remove button, and one to add more. */
export function RangesEditor({
  dayLabel,
  ranges,
  onChange,
  path,
  errors,
  hour12,
  locale,
}: RangesEditorProps) {
  const { t } = useTranslation();
  const option = (time: string) => (
    <option key={time} value={time}>
      {wallTimeLabel(time, hour12, locale)}
    </option>
  );
  const listErrors = errors[path];
  return (
    <div className="flex flex-col gap-2">
      {ranges.map((range, index) => {
        const rangeErrors = [
          ...(errors[`${path}.${index}.start`] ?? []),
          ...(errors[`${path}.${index}.end`] ?? []),
          ...(errors[`${path}.${index}`] ?? []),
        ];
        const number = index + 1;
        const errorId = `${path}-${index}`.replaceAll(".", "-");
        const set = (patch: Partial<TimeRange>) =>
          onChange(ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)));
        // Keep an odd stored value (e.g. 09:10) selectable.
        const starts = STARTS.includes(range.start) ? STARTS : [range.start, ...STARTS];
        const ends = ENDS.includes(range.end) ? ENDS : [...ENDS, range.end];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no id; order is their identity.
            key={index}
            className="flex flex-col gap-1"
          >
            <div className="flex items-center gap-2">
              <select
                aria-label={t("dashboard.availability.from", { day: dayLabel, number })}
                value={range.start}
                onChange={(event) => set({ start: event.target.value })}
                aria-invalid={rangeErrors.length > 0 || undefined}
                aria-describedby={rangeErrors.length > 0 ? `${errorId}-error` : undefined}
                className={inputClassName(
                  rangeErrors.length > 0,
                  "min-w-0 flex-1 sm:w-32 sm:flex-none",
                )}
              >
                {starts.map(option)}
              </select>
              <span aria-hidden="true">–</span>
              <select
                aria-label={t("dashboard.availability.to", { day: dayLabel, number })}
                value={range.end}
                onChange={(event) => set({ end: event.target.value })}
                aria-invalid={rangeErrors.length > 0 || undefined}
                aria-describedby={rangeErrors.length > 0 ? `${errorId}-error` : undefined}
                className={inputClassName(
                  rangeErrors.length > 0,
                  "min-w-0 flex-1 sm:w-32 sm:flex-none",
                )}
              >
                {ends.map(option)}
              </select>
              <button
                type="button"
                onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                className="inline-flex size-11 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                  <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" />
                </svg>
                <span className="sr-only">
                  {t("dashboard.availability.removeRange", { day: dayLabel, number })}
                </span>
              </button>
            </div>
            <FieldMessages id={errorId} errors={rangeErrors} />
          </div>
        );
      })}
      <FieldMessages id={path.replaceAll(".", "-")} errors={listErrors} />
      <div>
        <button
          type="button"
          onClick={() => onChange([...ranges, nextRange(ranges.at(-1))])}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-brand-700 hover:bg-blue-50"
        >
          <span aria-hidden="true">+</span>
          {t("dashboard.availability.addRange", { day: dayLabel })}
        </button>
      </div>
    </div>
  );
}
