import { lazy, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../../core/i18n/intlLocale";
import { canonicalTimeZone } from "../../../../core/time/canonicalTimeZone";
import { describedBy, FieldMessages } from "../../../components/FieldMessages";
import { timeZoneLabel } from "../../booking/timeZoneLabel";

const TimeZonePicker = lazy(() =>
  import("../../booking/TimeZonePicker").then((m) => ({ default: m.TimeZonePicker })),
);

interface TimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  errors?: readonly string[];
  hint?: string;
}

/**
 * An IANA time zone, chosen with the booking page's searchable picker (by city, country or
 * common name, in the dashboard's language) and shown by its current name (Asia/Kolkata, not
 * Asia/Calcutta).
 */
export function TimeZoneField({ label, value, onChange, errors = [], hint }: TimeZoneFieldProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const locale = intlLocale(i18n.language);
  const [now] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const zone = currentName(value);

  function close(chosen?: string, returnFocus = true) {
    setOpen(false);
    if (chosen) onChange(chosen);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-semibold text-gray-800">
        {label}
      </span>
      <div className="relative">
        <button
          ref={buttonRef}
          id={id}
          type="button"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-labelledby={`${id}-label ${id}-value`}
          onClick={() => setOpen((current) => !current)}
          {...describedBy(id, hint, errors)}
          className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-start text-base text-gray-900 hover:border-gray-700 ${
            errors.length > 0 ? "border-red-600" : "border-field-border"
          }`}
        >
          <span id={`${id}-value`}>{timeZoneLabel(zone, now, locale)}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-gray-600">
            <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        {open ? (
          <Suspense fallback={null}>
            <TimeZonePicker
              value={zone}
              now={now}
              locale={locale}
              onClose={close}
              opener={buttonRef}
            />
          </Suspense>
        ) : null}
      </div>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

/** The zone's current name; a name the runtime does not know is shown as it is. */
function currentName(zone: string): string {
  try {
    return canonicalTimeZone(zone);
  } catch {
    return zone;
  }
}
