import { useId } from "react";
import { describedBy, FieldMessages } from "./FieldMessages";

interface ChoiceGroupProps {
  legend: string;
  /** Radio buttons (one choice) or checkboxes (several). */
  multiple: boolean;
  name: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  errors?: readonly string[];
  required?: boolean;
}

/** A fieldset of radio buttons or checkboxes with its legend and error. */
export function ChoiceGroup({
  legend,
  multiple,
  name,
  options,
  value,
  onChange,
  errors = [],
  required,
}: ChoiceGroupProps) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" {...describedBy(id, undefined, errors)}>
      <legend className="mb-1 text-sm font-semibold text-gray-800">{legend}</legend>
      {options.map((option, index) => {
        const checked = value.includes(option.value);
        return (
          <label
            key={option.value}
            htmlFor={`${id}-${index}`}
            className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-gray-900 ${
              checked ? "border-brand-600 bg-brand-600/5" : "border-field-border bg-white"
            }`}
          >
            <input
              id={`${id}-${index}`}
              type={multiple ? "checkbox" : "radio"}
              name={name}
              value={option.value}
              checked={checked}
              required={required && !multiple}
              onChange={(event) => {
                if (!multiple) onChange([option.value]);
                else if (event.target.checked) onChange([...value, option.value]);
                else onChange(value.filter((v) => v !== option.value));
              }}
              className="size-4 accent-brand-600"
            />
            <span className="break-words">{option.label}</span>
          </label>
        );
      })}
      <FieldMessages id={id} errors={errors} />
    </fieldset>
  );
}
