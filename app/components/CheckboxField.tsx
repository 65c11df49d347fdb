import { useId } from "react";
import { FieldError } from "./FieldError";

interface CheckboxFieldProps {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
}

/** One labelled checkbox with its error. */
export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  error,
  required,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-gray-900">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-brand-600"
        />
        <span className="break-words">{label}</span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
