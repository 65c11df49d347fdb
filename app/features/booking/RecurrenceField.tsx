import { useId } from "react";
import { useTranslation } from "react-i18next";
import { recurringDates } from "../../../core/booking/recurringDates";
import { SelectField } from "../../components/SelectField";

interface RecurrenceFieldProps {
  recurrence: { everyWeeks: number; maxOccurrences: number };
  /** The first meeting's date and time as the invitee sees them (their zone). */
  firstDate: string;
  times: string;
  value: number;
  error?: string | undefined;
  locale: string;
  onChange: (occurrences: number) => void;
}

/**
 * How many meetings of the weekly series to book, and their dates in the invitee's zone: every
 * meeting keeps the first one's local time, across DST changes too.
 */
export function RecurrenceField({
  recurrence,
  firstDate,
  times,
  value,
  error,
  locale,
  onChange,
}: RecurrenceFieldProps) {
  const { t } = useTranslation();
  const listId = useId();
  const options = Array.from({ length: recurrence.maxOccurrences }, (_, i) => ({
    value: String(i + 1),
    label: String(i + 1),
  }));
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
  });
  const dates = recurringDates(firstDate, recurrence.everyWeeks, value);
  return (
    <div data-field="occurrences" className="flex flex-col gap-2">
      <SelectField
        label={t("details.occurrences")}
        hint={t("details.everyWeeks", { count: recurrence.everyWeeks })}
        options={options}
        value={String(value)}
        errors={error ? [error] : []}
        aria-controls={value > 1 ? listId : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      {value > 1 ? (
        <div className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800">
          <p className="font-semibold">{t("details.occurrenceDates", { times })}</p>
          <ol id={listId} aria-live="polite" className="list-decimal ps-5">
            {dates.map((date) => (
              <li key={date}>
                <time dateTime={date}>{format.format(Date.parse(`${date}T00:00:00Z`))}</time>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
