import { type ComponentPropsWithoutRef, useId } from "react";
import { FieldError } from "./FieldError";

interface TextAreaFieldProps extends Omit<ComponentPropsWithoutRef<"textarea">, "id"> {
  label: string;
  error?: string;
  /** Shown under the field, e.g. a character count. */
  hint?: string;
}

/** A labelled textarea with its error tied to it. */
export function TextAreaField({
  label,
  error,
  hint,
  className = "",
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(" ") || undefined}
        className={`min-h-24 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 ${
          error ? "border-red-600" : "border-field-border"
        }`}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-end text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
