import { useTranslation } from "react-i18next";
import {
  CHOICE_TYPES,
  type ConditionOperator,
  OPERATORS_BY_TYPE,
  operatorTakesNoValue,
} from "../../../../core/routingForms/formTypes";
import { Button } from "../../../components/Button";
import { SelectField } from "../../../components/SelectField";
import { ChoiceValue, TypedValue } from "./ConditionValueFields";
import { type Condition, conditionOn, conditionValue, valueText, withOperator } from "./routeEdits";
import type { FormField } from "./routingFormQueries";

interface ConditionEditorProps {
  fields: FormField[];
  condition: Condition;
  /** The server's messages about the condition's value or operator. */
  errors: string[];
  onChange: (patch: Partial<Condition>) => void;
  onRemove: () => void;
}

/** One condition of a route: a field, an operator and (unless the operator takes none) a value. */
export function ConditionEditor({
  fields,
  condition,
  errors,
  onChange,
  onRemove,
}: ConditionEditorProps) {
  const { t } = useTranslation();
  const field = fields.find((candidate) => candidate.id === condition.fieldId);
  const operators = field ? OPERATORS_BY_TYPE[field.type] : [];
  return (
    <li className="grid gap-2 rounded-lg bg-gray-50 p-2 sm:grid-cols-3">
      <SelectField
        label={t("dashboard.routingForms.conditionField")}
        value={condition.fieldId}
        options={fields.map((item) => ({ value: item.id, label: item.label || item.identifier }))}
        onChange={(event) => {
          const next = fields.find((item) => item.id === event.target.value);
          onChange(conditionOn(next, event.target.value));
        }}
      />
      <SelectField
        label={t("dashboard.routingForms.operator")}
        value={condition.operator}
        options={operators.map((operator) => ({
          value: operator,
          label: t(`dashboard.routingForms.operators.${operator}`),
        }))}
        onChange={(event) =>
          onChange(withOperator(condition, field, event.target.value as ConditionOperator))
        }
      />
      {operatorTakesNoValue(condition.operator) ? null : field?.type === "CHECKBOX" ? (
        <SelectField
          label={t("dashboard.routingForms.value")}
          value={condition.value === true ? "true" : "false"}
          options={[
            { value: "true", label: t("dashboard.routingForms.ticked") },
            { value: "false", label: t("dashboard.routingForms.notTicked") },
          ]}
          onChange={(event) => onChange({ value: event.target.value === "true" })}
        />
      ) : field !== undefined && CHOICE_TYPES.has(field.type) ? (
        <ChoiceValue
          field={field}
          operator={condition.operator}
          value={condition.value}
          errors={errors}
          onChange={(value) => onChange({ value })}
        />
      ) : (
        <TypedValue
          // A new operator starts from the value it was given.
          key={`${condition.fieldId}:${condition.operator}`}
          label={t("dashboard.routingForms.value")}
          hint={
            condition.operator === "is_one_of" || field?.type === "MULTI_SELECT"
              ? t("dashboard.routingForms.valueListHint")
              : undefined
          }
          errors={errors}
          initial={valueText(condition.value)}
          onChange={(text) => onChange({ value: conditionValue(field, condition.operator, text) })}
        />
      )}
      <Button size="compact" variant="secondary" className="self-end" onClick={onRemove}>
        {t("dashboard.routingForms.removeCondition")}
      </Button>
    </li>
  );
}
