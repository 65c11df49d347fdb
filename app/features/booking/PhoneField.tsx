import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../core/i18n/intlLocale";
import { countryForTimeZone } from "../../../core/time/zoneCountry";
import { FieldError } from "../../components/FieldError";

interface PhoneFieldProps {
  label: string;
  name: string;
  /** The number as last reported (E.164 when valid), used for the first display. */
  value: string;
  /** The number in E.164 form when valid, else the typed text, and whether it is valid. */
  onChange: (value: string, valid: boolean) => void;
  /** The invitee's zone: its country is the default (spec §3). */
  timeZone: string;
  error?: string;
  /** Said under the legend, and read with the number. */
  hint?: string;
  required?: boolean;
}

// Valid characters only (spec §5): digits, one leading +, and the usual separators.
function sanitize(text: string): string {
  const kept = text.replace(/[^\d+\s().-]/g, "");
  return kept.replace(/(?!^)\+/g, "");
}

/** A phone input with a country list, formatting as typed (libphonenumber-js, its own chunk). */
export function PhoneField({
  label,
  name,
  value,
  onChange,
  timeZone,
  error,
  hint,
  required,
}: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = intlLocale(i18n.language);
  const initial = value ? parsePhoneNumberFromString(value) : undefined;
  const [country, setCountry] = useState<CountryCode>(
    () => initial?.country ?? (countryForTimeZone(timeZone) as CountryCode),
  );
  const [text, setText] = useState(() =>
    initial ? initial.formatInternational() : new AsYouType(country).input(value),
  );
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: "region" });
    return getCountries()
      .map((code) => ({
        code,
        name: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})`,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);

  function report(nextText: string, nextCountry: CountryCode) {
    const parsed = parsePhoneNumberFromString(nextText, nextCountry);
    const valid = parsed?.isValid() ?? false;
    onChange(valid && parsed ? parsed.number : nextText.trim(), valid);
  }

  // A prefilled number counts as typed: the form needs to know whether it is valid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first value.
  useEffect(() => {
    if (text) report(text, country);
  }, []);

  function handleText(raw: string) {
    const clean = sanitize(raw);
    // Formatting while the caret is not at the end would move it; only format appended text.
    const formatted = clean.length >= text.length ? new AsYouType(country).input(clean) : clean;
    setText(formatted);
    const typed = parsePhoneNumberFromString(formatted);
    if (formatted.startsWith("+") && typed?.country) setCountry(typed.country);
    report(formatted, country);
  }

  function handleCountry(next: CountryCode) {
    setCountry(next);
    report(text, next);
  }

  const describedBy =
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-semibold text-gray-800">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={`${id}-country`} className="sr-only">
          {t("details.phoneCountry")}
        </label>
        <select
          id={`${id}-country`}
          value={country}
          onChange={(event) => handleCountry(event.target.value as CountryCode)}
          className="min-h-11 w-28 shrink-0 rounded-lg border border-field-border bg-white px-2 text-base text-gray-900 sm:w-40"
        >
          {countries.map(({ code, name: countryName }) => (
            <option key={code} value={code}>
              {countryName}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-number`} className="sr-only">
          {label}
        </label>
        <input
          id={`${id}-number`}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={text}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => handleText(event.target.value)}
          placeholder={`+${getCountryCallingCode(country)}`}
          className={`min-h-11 min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base text-gray-900 ${
            error ? "border-red-600" : "border-field-border"
          }`}
          dir="ltr"
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
