import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { describedBy, FieldMessages, inputClassName } from "./FieldMessages";

interface SelectFieldProps extends Omit<ComponentPropsWithoutRef<"select">, "id"> {
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
  options: readonly { value: string; label: string }[];
}

/** A labelled native select: keyboard and screen-reader support come with the platform. */
export function SelectField({
  label,
  hint,
  errors = [],
  options,
  className = "",
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClassName(errors.length > 0)}
        {...describedBy(id, hint, errors)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}
