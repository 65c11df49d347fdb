import { useTranslation } from "react-i18next";
import { REASON_MAX } from "../../../core/eventTypes/textLimits";
import { TextAreaField } from "../../components/TextAreaField";

interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
}

/** A reason for cancelling or rescheduling: at most 256 characters, counted as typed. */
export function ReasonField({ label, value, onChange, errors }: ReasonFieldProps) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      label={label}
      name="reason"
      rows={3}
      maxLength={REASON_MAX}
      value={value}
      errors={errors}
      hint={t("details.characters", { count: value.length, max: REASON_MAX })}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
