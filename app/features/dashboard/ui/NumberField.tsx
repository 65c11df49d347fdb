import { type ReactNode, useId } from "react";
import { describedBy, FieldMessages, inputClassName } from "./FieldMessages";

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
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
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
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}
