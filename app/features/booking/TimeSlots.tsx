import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import type { TimeFormat } from "../../state/publicProfile";
import { formatTime, zoneOffsetLabel } from "./formatters";
import type { SlotTime } from "./timetable";

interface TimeSlotsProps {
  times: SlotTime[];
  timeZone: string;
  timeFormat: TimeFormat;
  showSeats: boolean;
  selected: string | null;
  onSelect: (slot: SlotTime) => void;
}

/**
 * The times of one day, each a button named by the time as shown ('09:30' or '9:30 AM').
 * A time that happens twice (the hour repeated when clocks go back) shows its UTC offset.
 */
export function TimeSlots({
  times,
  timeZone,
  timeFormat,
  showSeats,
  selected,
  onSelect,
}: TimeSlotsProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const baseId = useId();
  const labels = times.map((slot) => formatTime(slot.start, timeZone, timeFormat, locale));
  const repeated = new Set(labels.filter((label, i) => labels.indexOf(label) !== i));

  return (
    <ul className="flex flex-col gap-2">
      {times.map((slot, i) => {
        const shown = labels[i] ?? slot.key;
        const label = repeated.has(shown)
          ? `${shown} (${zoneOffsetLabel(timeZone, Date.parse(slot.start), locale)})`
          : shown;
        const seatsId = `${baseId}-${i}`;
        const isSelected = selected === slot.start;
        return (
          <li key={slot.start}>
            <button
              type="button"
              aria-label={label}
              aria-pressed={isSelected}
              aria-describedby={showSeats && slot.seatsLeft !== undefined ? seatsId : undefined}
              onClick={() => onSelect(slot)}
              className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg border px-3 py-2 font-semibold transition-[color,background-color,border-color] ${
                isSelected
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-brand-border text-brand-700 hover:bg-brand-600/5"
              }`}
            >
              <span>{label}</span>
              {showSeats && slot.seatsLeft !== undefined ? (
                <span
                  id={seatsId}
                  className={`text-xs font-normal ${isSelected ? "text-white" : "text-gray-600"}`}
                >
                  {t("times.seatsLeft", { count: slot.seatsLeft })}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
