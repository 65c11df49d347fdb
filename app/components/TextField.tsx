import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { FieldFrame } from "./FieldFrame";
import { describedBy, inputClassName } from "./FieldMessages";

interface TextFieldProps extends Omit<ComponentPropsWithoutRef<"input">, "id"> {
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
}

/** A labelled input with an optional hint and error messages tied to it for assistive tech. */
export function TextField({ label, hint, errors = [], className = "", ...props }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} className={className}>
      <input
        id={id}
        className={inputClassName(errors.length > 0)}
        {...describedBy(id, hint, errors)}
        {...props}
      />
    </FieldFrame>
  );
}
