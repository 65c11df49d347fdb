import { useId, useMemo } from "react";
import { FieldFrame } from "../../../components/FieldFrame";
import { describedBy, inputClassName } from "../../../components/FieldMessages";

function zones(current: string): string[] {
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
    "timeZone",
  ) ?? [current];
  return [...new Set(["UTC", ...list, current])].sort();
}

interface TimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  errors?: readonly string[];
  hint?: string;
}

/** An IANA time zone from the browser's list (a native select: type-ahead works). */
export function TimeZoneField({ label, value, onChange, errors = [], hint }: TimeZoneFieldProps) {
  const id = useId();
  const options = useMemo(() => zones(value), [value]);
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, hint, errors)}
        className={inputClassName(errors.length > 0)}
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
