import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldFrame } from "../../../components/FieldFrame";
import { describedBy, inputClassName } from "../../../components/FieldMessages";

const UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
type Unit = keyof typeof UNITS;

function bestUnit(minutes: number): Unit {
  if (minutes > 0 && minutes % 1440 === 0) return "days";
  if (minutes > 0 && minutes % 60 === 0) return "hours";
  return "minutes";
}

interface MinutesFieldProps {
  label: string;
  value: number;
  onChange: (minutes: number) => void;
  errors?: readonly string[];
  hint?: string;
  /** The fewest minutes allowed (default 0). */
  min?: number;
}

/** A span the API keeps in minutes, typed in minutes, hours or days. */
export function MinutesField({
  label,
  value,
  onChange,
  errors = [],
  hint,
  min = 0,
}: MinutesFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [unit, setUnit] = useState<Unit>(() => bestUnit(value));
  const shown = value / UNITS[unit];
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors}>
      <div className="flex gap-2">
        <input
          id={id}
          type="number"
          min={min}
          inputMode="numeric"
          value={Number.isInteger(shown) ? shown : Number(shown.toFixed(2))}
          onChange={(event) => onChange(Math.round(Number(event.target.value || 0) * UNITS[unit]))}
          className={`${inputClassName(errors.length > 0)} max-w-32`}
          {...describedBy(id, hint, errors)}
        />
        <select
          aria-label={t("dashboard.common.unitOf", { label })}
          value={unit}
          onChange={(event) => setUnit(event.target.value as Unit)}
          className={`${inputClassName(false)} max-w-36`}
        >
          {(Object.keys(UNITS) as Unit[]).map((u) => (
            <option key={u} value={u}>
              {t(`dashboard.common.${u}`)}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
