import { lazy, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { timeZoneAliases } from "../../../core/time/timeZoneAliases";
import { describedBy, FieldMessages } from "../../components/FieldMessages";
import { useAppState } from "../../state/appState";
import { timeZoneLabel } from "./timeZoneLabel";

// The list and its search load when the field is first opened: the booking page only pays
// for them when the invitee changes their zone.
const TimeZonePicker = lazy(() =>
  import("./TimeZonePicker").then((m) => ({ default: m.TimeZonePicker })),
);

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  /** Its label; 'Time zone' unless given. */
  label?: string;
  hint?: string;
  errors?: readonly string[];
  /** The host locked the zone: it shows but cannot change. */
  locked?: boolean;
  /** The booking page's smaller type; the dashboard's forms use their field size. */
  compact?: boolean;
}

/**
 * An IANA time zone: a button showing it by its current name and offset ('Asia/Kolkata
 * (GMT+05:30)', never Asia/Calcutta) that opens a searchable list (by name, offset, city,
 * country or common name, in the page's language; a WAI-ARIA combobox). The one time-zone
 * picker of the booking page and the dashboard.
 */
export function TimeZoneField({
  value,
  onChange,
  label,
  hint,
  errors = [],
  locked = false,
  compact = false,
}: TimeZoneFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const now = useAppState((state) => state.serverDate);
  const locale = intlLocale(i18n.language);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const zone = timeZoneAliases[value] ?? value;
  const shown = timeZoneLabel(zone, now, locale);
  const labelText = label ?? t("booking.timeZone");

  if (locked) {
    return (
      <p className="text-sm text-gray-700">
        <span className="font-semibold">{labelText}</span> {shown}{" "}
        <span className="text-gray-600">{t("booking.timeZoneLocked")}</span>
      </p>
    );
  }

  function close(chosen?: string, returnFocus = true) {
    setOpen(false);
    if (chosen) onChange(chosen);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-semibold text-gray-800">
        {labelText}
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
          onBlur={(event) => {
            // Tabbed on while the list was still loading: it is not wanted any more.
            if (open && !event.currentTarget.parentElement?.contains(event.relatedTarget)) {
              setOpen(false);
            }
          }}
          {...describedBy(id, hint, errors)}
          className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-start text-gray-900 hover:border-gray-700 ${
            compact ? "text-sm" : "text-base"
          } ${errors.length > 0 ? "border-red-600" : "border-field-border"}`}
        >
          <span id={`${id}-value`}>{shown}</span>
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
