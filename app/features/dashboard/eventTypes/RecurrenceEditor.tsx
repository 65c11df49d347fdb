import { useTranslation } from "react-i18next";
import {
  RECURRENCE_EVERY_WEEKS_MAX,
  RECURRENCE_OCCURRENCES_MAX,
} from "../../../../core/eventTypes/recurrenceLimits";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { NumberField } from "../../../components/NumberField";
import type { SectionProps } from "./editorTypes";

/**
 * Whether invitees may book a weekly series (`recurrence`): every how many weeks, and at most
 * how many meetings. The server refuses it with seats, a price or approval, said under the switch.
 */
export function RecurrenceEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const recurrence = draft.recurrence ?? null;
  return (
    <Card title={t("dashboard.recurrence.title")}>
      <CheckboxField
        asSwitch
        label={t("dashboard.recurrence.enabled")}
        hint={t("dashboard.recurrence.enabledHint")}
        checked={recurrence !== null}
        errors={errors.recurrence}
        onChange={(checked) =>
          update({ recurrence: checked ? { everyWeeks: 1, maxOccurrences: 4 } : null })
        }
      />
      {recurrence ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label={t("dashboard.recurrence.everyWeeks")}
            unit={t("dashboard.recurrence.weeks")}
            min={1}
            max={RECURRENCE_EVERY_WEEKS_MAX}
            value={recurrence.everyWeeks}
            onChange={(everyWeeks) =>
              update({ recurrence: { ...recurrence, everyWeeks: everyWeeks ?? 1 } })
            }
            errors={errors["recurrence.everyWeeks"]}
          />
          <NumberField
            label={t("dashboard.recurrence.maxOccurrences")}
            min={2}
            max={RECURRENCE_OCCURRENCES_MAX}
            value={recurrence.maxOccurrences}
            onChange={(maxOccurrences) =>
              update({ recurrence: { ...recurrence, maxOccurrences: maxOccurrences ?? 2 } })
            }
            errors={errors["recurrence.maxOccurrences"]}
          />
        </div>
      ) : null}
    </Card>
  );
}
