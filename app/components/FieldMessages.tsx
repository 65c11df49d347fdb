import type { ReactNode } from "react";

interface FieldMessagesProps {
  id: string;
  hint?: ReactNode;
  errors?: readonly string[];
}

/** A field's hint and error messages, with the ids its input points to in aria-describedby. */
export function FieldMessages({ id, hint, errors = [] }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </div>
      ) : null}
      {errors.length > 0 ? (
        <p id={`${id}-error`} data-field-error="" className="text-sm font-medium text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );
}

/** The aria attributes of an input with a hint and errors rendered by FieldMessages. */
export function describedBy(id: string, hint: unknown, errors: readonly string[] = []) {
  const ids = [hint ? `${id}-hint` : "", errors.length > 0 ? `${id}-error` : ""].filter(Boolean);
  return {
    "aria-invalid": errors.length > 0 || undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
  };
}

export const inputClassName = (invalid: boolean, width = "w-full") =>
  `min-h-11 ${width} rounded-lg border bg-white px-3 py-2 text-base text-gray-900 disabled:bg-gray-100 disabled:text-gray-600 ${
    invalid ? "border-red-600" : "border-field-border"
  }`;
