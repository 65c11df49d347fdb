import { type ReactNode, useId } from "react";
import { FieldFrame } from "./FieldFrame";
import { describedBy, inputClassName } from "./FieldMessages";

interface NumberFieldProps {
  label: string;
  value: number | null;
  /** null when the input is empty. */
  onChange: (value: number | null) => void;
  hint?: ReactNode;
  errors?: readonly string[];
  min?: number;
  max?: number;
  step?: number | string;
  /** A unit shown after the input, e.g. "minutes". */
  unit?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

export function NumberField({
  label,
  value,
  onChange,
  hint,
  errors = [],
  unit,
  className = "",
  ...props
}: NumberFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} className={className}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          value={value ?? ""}
          onChange={(event) => {
            const text = event.target.value;
            onChange(text === "" ? null : Number(text));
          }}
          className={`${inputClassName(errors.length > 0)} max-w-40`}
          {...describedBy(id, hint, errors)}
          {...props}
        />
        {unit ? <span className="text-sm text-gray-700">{unit}</span> : null}
      </div>
    </FieldFrame>
  );
}
