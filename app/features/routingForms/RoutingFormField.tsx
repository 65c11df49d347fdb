import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "../../../core/eventTypes/textLimits";
import { CheckboxField } from "../../components/CheckboxField";
import { ChoiceGroup } from "../../components/ChoiceGroup";
import type { MultiSelectTexts } from "../../components/MultiSelect";
import { TextAreaField } from "../../components/TextAreaField";
import { TextField } from "../../components/TextField";
import { UserText } from "../../components/UserText";
import type { FormValues, PublicFormField } from "./routingFormValues";

const PhoneField = lazy(() =>
  import("../booking/PhoneField").then((m) => ({ default: m.PhoneField })),
);
// The dropdown loads only with a form that has a dropdown question.
const MultiSelect = lazy(() =>
  import("../../components/MultiSelect").then((m) => ({ default: m.MultiSelect })),
);

interface RoutingFormFieldProps {
  field: PublicFormField;
  value: FormValues[string] | undefined;
  /** The error, in the page's language. */
  error: string | undefined;
  onChange: (value: FormValues[string], phoneValid?: boolean) => void;
  timeZone: string;
}

/** One question of a routing form, by its type, with its help text and error. */
export function RoutingFormField({
  field,
  value,
  error,
  onChange,
  timeZone,
}: RoutingFormFieldProps) {
  const { t } = useTranslation();
  const name = `answers.${field.id}`;
  const text = typeof value === "string" ? value : "";
  const errors = error ? [error] : [];
  const label = field.required ? field.label : t("details.optional", { label: field.label });
  const hint = field.helpText ? <UserText>{field.helpText}</UserText> : undefined;
  const options = field.options.map((option) => ({ value: option, label: option }));
  // The dropdown's words (single and multiple choice).
  const dropdownTexts: MultiSelectTexts = {
    placeholder: t("routingForm.choose"),
    search: t("routingForm.search"),
    selectAll: t("routingForm.selectAll"),
    noMatches: t("routingForm.noMatches"),
    selected: (count) => t("routingForm.selected", { number: count }),
    more: (count) => t("routingForm.more", { number: count }),
    // The typed text is the visitor's own: isolated from the sentence's direction.
    add: (typed) => t("routingForm.addOption", { value: `\u2068${typed}\u2069` }),
  };
  const frame = (children: React.ReactNode) => <div data-field={field.id}>{children}</div>;
  switch (field.type) {
    case "SHORT_TEXT":
    case "EMAIL":
    case "NUMBER":
      return frame(
        <TextField
          label={label}
          name={name}
          hint={hint}
          required={field.required}
          type={field.type === "EMAIL" ? "email" : "text"}
          inputMode={field.type === "NUMBER" ? "decimal" : undefined}
          autoComplete={field.type === "EMAIL" ? "email" : undefined}
          maxLength={SHORT_ANSWER_MAX}
          value={text}
          errors={errors}
          onChange={(event) => onChange(event.target.value)}
        />,
      );
    case "LONG_TEXT":
      return frame(
        <TextAreaField
          label={label}
          name={name}
          required={field.required}
          maxLength={LONG_ANSWER_MAX}
          rows={4}
          value={text}
          errors={errors}
          hint={
            <>
              {hint}
              {hint ? " " : null}
              {t("details.characters", { count: text.length, max: LONG_ANSWER_MAX })}
            </>
          }
          onChange={(event) => onChange(event.target.value)}
        />,
      );
    case "PHONE":
      return frame(
        <Suspense fallback={<div className="h-[4.5rem]" />}>
          <PhoneField
            label={label}
            name={name}
            value={text}
            timeZone={timeZone}
            required={field.required}
            error={errors[0]}
            onChange={(next, valid) => onChange(next, valid)}
          />
        </Suspense>,
      );
    case "SINGLE_SELECT":
      return frame(
        <Suspense fallback={<div className="h-[4.5rem]" />}>
          <MultiSelect
            multiple={false}
            label={label}
            options={field.options}
            value={text ? [text] : []}
            allowNew={field.allowNewOptions}
            errors={errors}
            hint={field.helpText || undefined}
            renderOption={(option) => <UserText>{option}</UserText>}
            texts={dropdownTexts}
            onChange={(chosen) => onChange(chosen[0] ?? "")}
          />
        </Suspense>,
      );
    case "RADIO":
      return frame(
        <ChoiceGroup
          legend={label}
          multiple={false}
          required={field.required}
          name={name}
          options={options}
          value={text ? [text] : []}
          errors={errors}
          onChange={(chosen) => onChange(chosen[0] ?? "")}
        />,
      );
    case "MULTI_SELECT":
      return frame(
        <Suspense fallback={<div className="h-[4.5rem]" />}>
          <MultiSelect
            label={label}
            options={field.options}
            value={Array.isArray(value) ? value : []}
            maxSelected={field.maxSelected}
            allowNew={field.allowNewOptions}
            errors={errors}
            hint={field.helpText || undefined}
            renderOption={(option) => <UserText>{option}</UserText>}
            texts={dropdownTexts}
            onChange={onChange}
          />
        </Suspense>,
      );
    case "CHECKBOX":
      return frame(
        <CheckboxField
          label={label}
          name={name}
          hint={hint}
          required={field.required}
          checked={value === true}
          errors={errors}
          onChange={onChange}
        />,
      );
  }
}
