import { lazy, Suspense } from "react";

const PhoneField = lazy(() => import("./PhoneField").then((m) => ({ default: m.PhoneField })));

interface DetailsPhoneFieldProps {
  /** The form field's name, e.g. "location.value" or "answers.<id>". */
  field: string;
  label: string;
  value: string;
  required: boolean;
  timeZone: string;
  error: string | undefined;
  hint?: string;
  /** The number (E.164 when valid, else as typed) and whether it is valid. */
  onChange: (value: string, valid: boolean) => void;
}

/** A phone field of the details form; the phone input (libphonenumber-js) loads on first use. */
export function DetailsPhoneField({
  field,
  label,
  value,
  required,
  timeZone,
  error,
  hint,
  onChange,
}: DetailsPhoneFieldProps) {
  return (
    <div data-field={field}>
      <Suspense fallback={<div className="h-[4.5rem]" />}>
        <PhoneField
          label={label}
          name={field}
          value={value}
          timeZone={timeZone}
          required={required}
          error={error}
          hint={hint}
          onChange={onChange}
        />
      </Suspense>
    </div>
  );
}
