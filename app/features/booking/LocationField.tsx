import { useTranslation } from "react-i18next";
import { ChoiceGroup } from "../../components/ChoiceGroup";
import type { PublicEventType } from "./bookingApi";
import { offeredLocationText } from "./locationText";

interface LocationFieldProps {
  eventType: PublicEventType;
  /** Index into the event type's locations; null when none is chosen. */
  value: number | null;
  error: string | undefined;
  onChange: (index: number) => void;
}

/** Where to meet, when the event type offers more than one place. */
export function LocationField({ eventType, value, error, onChange }: LocationFieldProps) {
  const { t } = useTranslation();
  if (eventType.locations.length <= 1) return null;
  return (
    <div data-field="location">
      <ChoiceGroup
        legend={t("details.location")}
        multiple={false}
        required
        name="location"
        options={eventType.locations.map((offered, index) => ({
          value: String(index),
          label: offeredLocationText(offered, t),
        }))}
        value={value === null ? [] : [String(value)]}
        errors={error ? [error] : []}
        onChange={([index]) => onChange(Number(index))}
      />
    </div>
  );
}
