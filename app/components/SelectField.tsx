import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { FieldFrame } from "./FieldFrame";
import { describedBy, inputClassName } from "./FieldMessages";

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
    <FieldFrame id={id} label={label} hint={hint} errors={errors} className={className}>
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
    </FieldFrame>
  );
}
