import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldFrame } from "./FieldFrame";

interface ColorFieldProps {
  label: string;
  /** Six hex digits without '#', or null for "not set". */
  value: string | null;
  onChange: (value: string | null) => void;
  fallback: string;
  disabled?: boolean;
  errors?: readonly string[];
}

/** A colour picker with its hex value and a way back to "not set". */
export function ColorField({
  label,
  value,
  onChange,
  fallback,
  disabled,
  errors,
}: ColorFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FieldFrame id={id} label={label} errors={errors}>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="color"
          value={`#${value ?? fallback}`}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value.slice(1).toUpperCase())}
          className="h-11 w-16 cursor-pointer rounded-lg border border-field-border bg-white p-1 disabled:cursor-not-allowed"
        />
        <span className="font-mono text-sm text-gray-700">
          {value ? `#${value}` : t("dashboard.common.notSet")}
        </span>
        {value && !disabled ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 underline"
          >
            {t("dashboard.common.reset")}
            <span className="sr-only"> {label}</span>
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
