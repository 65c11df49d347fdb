import { type ReactNode, useId } from "react";
import { describedBy, FieldMessages } from "./FieldMessages";

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  errors?: readonly string[];
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown as a switch (role=switch) for settings that turn something on or off. */
  asSwitch?: boolean;
  /** Keeps the label for assistive tech only, e.g. when the switch sits beside a heading. */
  hideLabel?: boolean;
}

const boxClassName = "size-5 shrink-0 accent-brand-600";
// A toggle drawn on the checkbox itself, so it stays a native, keyboard-usable input.
const switchClassName =
  "relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-400 transition-[color,background-color,border-color] checked:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60 before:absolute before:start-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:before:translate-x-5 rtl:checked:before:-translate-x-5";

/** One labelled checkbox (or switch); the whole row is its label, so the target is large. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  errors = [],
  name,
  required,
  disabled,
  asSwitch,
  hideLabel,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-gray-900"
      >
        <input
          id={id}
          name={name}
          type="checkbox"
          role={asSwitch ? "switch" : undefined}
          checked={checked}
          required={required}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          className={asSwitch ? switchClassName : boxClassName}
          {...describedBy(id, hint, errors)}
        />
        <span className={hideLabel ? "sr-only" : "break-words"}>{label}</span>
      </label>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}
