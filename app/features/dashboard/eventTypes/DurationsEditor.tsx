import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { FieldMessages } from "../../../components/FieldMessages";
import { NumberField } from "../../../components/NumberField";
import type { SectionProps } from "./editorTypes";
import { DURATION_PRESETS } from "./eventTypeDraft";

/** The default duration and the other lengths an invitee may choose. */
export function DurationsEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState<number | null>(null);
  const choices = [...new Set([...DURATION_PRESETS, ...draft.durations, draft.duration])].sort(
    (a, b) => a - b,
  );
  const selected = new Set([...draft.durations, draft.duration]);
  const minutes = (count: number) => t("dashboard.common.minutesCount", { count });
  return (
    <Card title={t("dashboard.durations.title")}>
      <NumberField
        label={t("dashboard.durations.default")}
        unit={t("dashboard.common.minutes")}
        value={draft.duration}
        min={5}
        max={720}
        step={5}
        onChange={(value) => update({ duration: value ?? 0 })}
        errors={errors.duration}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-gray-800">
          {t("dashboard.durations.choices")}
        </legend>
        <p className="text-sm text-gray-600">{t("dashboard.durations.choicesHint")}</p>
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
          {choices.map((value) => (
            <CheckboxField
              key={value}
              label={minutes(value)}
              checked={selected.has(value)}
              disabled={value === draft.duration}
              onChange={(checked) =>
                update({
                  durations: checked
                    ? [...draft.durations, value]
                    : draft.durations.filter((d) => d !== value),
                })
              }
            />
          ))}
        </div>
        <FieldMessages id="durations" errors={errors.durations} />
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <NumberField
          label={t("dashboard.durations.custom")}
          unit={t("dashboard.common.minutes")}
          value={custom}
          min={5}
          max={720}
          onChange={setCustom}
        />
        <Button
          variant="secondary"
          disabled={custom === null || custom < 5 || custom > 720}
          onClick={() => {
            if (custom === null) return;
            update({ durations: [...new Set([...draft.durations, custom])] });
            setCustom(null);
          }}
        >
          {t("dashboard.durations.addCustom")}
        </Button>
      </div>
    </Card>
  );
}
