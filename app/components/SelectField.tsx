import { type ComponentPropsWithoutRef, useId } from "react";
import { FieldError } from "./FieldError";

interface SelectFieldProps extends Omit<ComponentPropsWithoutRef<"select">, "id"> {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string;
}

/** A labelled native select (keyboard and screen-reader support come with it). */
export function SelectField({ label, options, error, className = "", ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 ${
          error ? "border-red-600" : "border-field-border"
        }`}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
