import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { describedBy, FieldMessages, inputClassName } from "./FieldMessages";

interface TextAreaFieldProps extends Omit<ComponentPropsWithoutRef<"textarea">, "id"> {
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
}

export function TextAreaField({
  label,
  hint,
  errors = [],
  className = "",
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        className={inputClassName(errors.length > 0)}
        {...describedBy(id, hint, errors)}
        {...props}
      />
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}
