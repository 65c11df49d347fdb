import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextAreaField } from "../../components/TextAreaField";

interface GuestsFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** Guest emails behind an "Add guests" button, open from the start when some are given. */
export function GuestsField({ value, error, onChange }: GuestsFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(value !== "");
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center self-start rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-600/10"
      >
        {t("details.addGuests")}
      </button>
    );
  }
  return (
    <div data-field="guests">
      <TextAreaField
        label={t("details.guests")}
        name="guests"
        rows={2}
        autoFocus
        value={value}
        errors={error ? [error] : []}
        hint={t("details.guestsHint")}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
