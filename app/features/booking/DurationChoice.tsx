import { useTranslation } from "react-i18next";
import { durationLabel } from "../../../core/i18n/durationLabel";
import { useIntlLocale } from "../../i18n/useIntlLocale";

interface DurationChoiceProps {
  durations: number[];
  value: number;
  onChange: (minutes: number) => void;
}

/** The durations an invitee may choose from, as toggle buttons. */
export function DurationChoice({ durations, value, onChange }: DurationChoiceProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-gray-800">{t("booking.duration")}</legend>
      <div className="flex flex-wrap gap-2">
        {durations.map((minutes) => (
          <button
            key={minutes}
            type="button"
            aria-pressed={minutes === value}
            onClick={() => onChange(minutes)}
            className={`min-h-11 whitespace-nowrap rounded-lg border px-3 text-sm font-semibold ${
              minutes === value
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-field-border bg-white text-gray-800 hover:border-brand-600"
            }`}
          >
            {durationLabel(minutes, t, locale)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
