import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { FieldFrame } from "./FieldFrame";
import { describedBy, inputClassName } from "./FieldMessages";

interface TextAreaFieldProps extends Omit<ComponentPropsWithoutRef<"textarea">, "id"> {
  label: string;
  /** Shown under the field, e.g. a character count. */
  hint?: ReactNode;
  errors?: readonly string[];
}

/** A labelled textarea with its hint and errors tied to it for assistive tech. */
export function TextAreaField({
  label,
  hint,
  errors = [],
  className = "",
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} className={className}>
      <textarea
        id={id}
        rows={4}
        className={`${inputClassName(errors.length > 0)} min-h-24`}
        {...describedBy(id, hint, errors)}
        {...props}
      />
    </FieldFrame>
  );
}
