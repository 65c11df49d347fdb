import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConditionOperator, ConditionValue } from "../../../../core/routingForms/formTypes";
import { ChoiceGroup } from "../../../components/ChoiceGroup";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { listOf, takesValueList } from "./routeEdits";
import type { FormField } from "./routingFormQueries";

interface ChoiceValueProps {
  field: FormField;
  operator: ConditionOperator;
  value: ConditionValue;
  errors: string[];
  onChange: (value: ConditionValue) => void;
}

/**
 * The value of a condition on a choice field, among the field's options: a select for one
 * value, checkboxes for a list; a dropdown that takes visitors' own answers gets a text box
 * (suggesting the options) for one value and adds one for the others in a list.
 */
export function ChoiceValue({ field, operator, value, errors, onChange }: ChoiceValueProps) {
  const { t } = useTranslation();
  const label = t("dashboard.routingForms.value");
  const options = field.options.filter((option) => option.trim() !== "");
  const list = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  const listed = list.filter((item) => options.includes(item));
  const others = list.filter((item) => !options.includes(item));
  // The visitors' answers as typed (commas and spaces kept while typing).
  const [othersText, setOthersText] = useState(others.join(", "));
  const suggestions = useId();
  if (!takesValueList(field, operator)) {
    const chosen = typeof value === "string" ? value : "";
    // A dropdown that takes visitors' own answers: type any answer, the options suggested.
    if (field.allowNewOptions) {
      return (
        <>
          <TextField
            label={label}
            list={suggestions}
            errors={errors}
            value={chosen}
            onChange={(event) => onChange(event.target.value)}
          />
          <datalist id={suggestions}>
            {options.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </>
      );
    }
    return (
      <SelectField
        label={label}
        value={chosen}
        errors={errors}
        options={[
          { value: "", label: t("routingForm.choose") },
          ...options.map((option) => ({ value: option, label: option })),
          // A value no longer among the options stays visible until the host changes it.
          ...(chosen !== "" && !options.includes(chosen) ? [{ value: chosen, label: chosen }] : []),
        ]}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:col-span-3">
      <ChoiceGroup
        legend={label}
        multiple
        name={`value-${field.id}`}
        options={options.map((option) => ({ value: option, label: option }))}
        value={listed}
        errors={field.allowNewOptions ? [] : errors}
        onChange={(chosen) => onChange([...chosen, ...others])}
      />
      {field.allowNewOptions ? (
        <TextField
          label={t("dashboard.routingForms.otherValues")}
          hint={t("dashboard.routingForms.valueListHint")}
          errors={errors}
          value={othersText}
          onChange={(event) => {
            setOthersText(event.target.value);
            onChange([...listed, ...listOf(event.target.value)]);
          }}
        />
      ) : null}
    </div>
  );
}

interface TypedValueProps {
  label: string;
  hint: string | undefined;
  errors: string[];
  initial: string;
  onChange: (text: string) => void;
}

/** A typed condition value, kept as typed (a list's commas and spaces stay while typing). */
export function TypedValue({ label, hint, errors, initial, onChange }: TypedValueProps) {
  const [text, setText] = useState(initial);
  return (
    <TextField
      label={label}
      hint={hint}
      errors={errors}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}
