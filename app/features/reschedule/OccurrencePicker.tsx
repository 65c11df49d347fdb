import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/SelectField";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import type { TimeFormat } from "../../state/publicProfile";

/** Which meeting of a series to move: its upcoming meetings, in the page's time zone. */
export function OccurrencePicker({
  upcoming,
  value,
  timeZone,
  timeFormat,
  onChange,
}: {
  upcoming: readonly { uuid: string; start: string }[];
  value: string;
  timeZone: string;
  timeFormat: TimeFormat;
  onChange: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <SelectField
      label={t("reschedule.occurrence")}
      options={upcoming.map((o) => ({
        value: o.uuid,
        label: new Intl.DateTimeFormat(locale, {
          dateStyle: "full",
          timeStyle: "short",
          timeZone,
          hour12: timeFormat === 12,
        }).format(new Date(o.start)),
      }))}
      value={value}
      onChange={(change) => onChange(change.target.value)}
    />
  );
}
