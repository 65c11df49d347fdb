import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";

interface TextFieldProps extends Omit<ComponentPropsWithoutRef<"input">, "id"> {
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
}

/** A labelled input with an optional hint and error messages tied to it for assistive tech. */
export function TextField({
  label,
  hint,
  errors = [],
  className = "",
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : "", invalid ? errorId : ""].filter(Boolean).join(" ");

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 ${
          invalid ? "border-red-600" : "border-field-border"
        }`}
        {...inputProps}
      />
      {hint ? (
        <div id={hintId} className="text-sm text-gray-600">
          {hint}
        </div>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
