import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { useAppState } from "../../state/appState";
import { timeZoneLabel } from "./timeZoneLabel";

const TimeZonePicker = lazy(() =>
  import("./TimeZonePicker").then((m) => ({ default: m.TimeZonePicker })),
);

interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  /** The host locked the zone: it shows but cannot change. */
  locked: boolean;
}

/** The invitee's time zone, with a searchable list to change it (loaded when opened). */
export function TimeZoneSelect({ value, onChange, locked }: TimeZoneSelectProps) {
  const { t, i18n } = useTranslation();
  const now = useAppState((state) => state.serverDate);
  const locale = intlLocale(i18n.language);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = timeZoneLabel(value, now, locale);

  if (locked) {
    return (
      <p className="text-sm text-gray-700">
        <span className="font-semibold">{t("booking.timeZone")}</span> {label}{" "}
        <span className="text-gray-600">{t("booking.timeZoneLocked")}</span>
      </p>
    );
  }

  function close(zone?: string, returnFocus = true) {
    setOpen(false);
    if (zone) onChange(zone);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className="relative flex flex-col gap-1">
      <span className="text-sm font-semibold text-gray-800" id="tz-label">
        {t("booking.timeZone")}
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby="tz-label tz-value"
        onClick={() => setOpen((current) => !current)}
        className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-field-border bg-white px-3 py-2 text-start text-sm text-gray-900 hover:border-gray-700"
      >
        <span id="tz-value">{label}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-gray-600">
          <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TimeZonePicker
            value={value}
            now={now}
            locale={locale}
            onClose={close}
            opener={buttonRef}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
