import { useId } from "react";
import { useTranslation } from "react-i18next";
import { recurringStarts } from "../../../core/booking/recurringStarts";
import { SelectField } from "../../components/SelectField";
import type { TimeFormat } from "../../state/publicProfile";
import { formatMeetingTime } from "./formatters";

interface RecurrenceFieldProps {
  recurrence: { everyWeeks: number; maxOccurrences: number };
  /** The first meeting's start (ISO instant) and length. */
  start: string;
  duration: number;
  /** The invitee's zone: the one the booking is sent with, so the server books these times. */
  timeZone: string;
  timeFormat: TimeFormat;
  value: number;
  error?: string | undefined;
  locale: string;
  onChange: (occurrences: number) => void;
}

/**
 * How many meetings of the weekly series to book, and each one's date and time in the invitee's
 * zone. They are the starts the server books (recurringStarts): the first one's local time,
 * except where the clocks skip it on a later date, which each line shows as it will be.
 */
export function RecurrenceField({
  recurrence,
  start,
  duration,
  timeZone,
  timeFormat,
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
  const meetings =
    value > 1
      ? recurringStarts(Date.parse(start), timeZone, recurrence.everyWeeks, value).map((at) => {
          const begins = new Date(at).toISOString();
          const ends = new Date(at + duration * 60_000).toISOString();
          return { begins, ...formatMeetingTime(begins, ends, timeZone, timeFormat, locale) };
        })
      : [];
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
          <p className="font-semibold">{t("details.occurrenceList")}</p>
          <ol id={listId} aria-live="polite" className="list-decimal ps-5">
            {meetings.map((meeting) => (
              <li key={meeting.begins}>
                <time dateTime={meeting.begins}>{`${meeting.date}, ${meeting.times}`}</time>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
