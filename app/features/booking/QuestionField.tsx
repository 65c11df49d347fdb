import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "../../../core/eventTypes/textLimits";
import { CheckboxField } from "../../components/CheckboxField";
import { ChoiceGroup } from "../../components/ChoiceGroup";
import { TextAreaField } from "../../components/TextAreaField";
import { TextField } from "../../components/TextField";
import { isolateText } from "../../components/UserText";
import type { PublicQuestion } from "./bookingApi";
import type { AnswerValue } from "./detailsForm";

interface QuestionFieldProps {
  question: PublicQuestion;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
  /** A phone question's field (the phone input loads on its own). */
  renderPhone: (value: string, onValue: (value: string) => void) => ReactNode;
}

/** One custom question of the event type, by its kind. */
export function QuestionField({
  question,
  value,
  error,
  onChange,
  renderPhone,
}: QuestionFieldProps) {
  const { t } = useTranslation();
  const field = `answers.${question.id}`;
  const text = typeof value === "string" ? value : "";
  const errors = error ? [error] : [];
  // The host's words keep their own order inside a right-to-left page, and so do the answers.
  const label = question.required
    ? isolateText(question.label)
    : t("details.optional", { label: isolateText(question.label) });
  switch (question.type) {
    case "SHORT_TEXT":
      return (
        <div data-field={field}>
          <TextField
            label={label}
            name={field}
            required={question.required}
            maxLength={SHORT_ANSWER_MAX}
            dir="auto"
            value={text}
            errors={errors}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
    case "LONG_TEXT":
      return (
        <div data-field={field}>
          <TextAreaField
            label={label}
            name={field}
            required={question.required}
            maxLength={LONG_ANSWER_MAX}
            dir="auto"
            rows={4}
            value={text}
            errors={errors}
            hint={t("details.characters", { count: text.length, max: LONG_ANSWER_MAX })}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
    case "SINGLE_CHOICE":
    case "MULTIPLE_CHOICE":
      return (
        <div data-field={field}>
          <ChoiceGroup
            legend={label}
            multiple={question.type === "MULTIPLE_CHOICE"}
            required={question.required}
            name={field}
            options={question.options.map((option) => ({
              value: option,
              label: isolateText(option),
            }))}
            value={Array.isArray(value) ? value : text ? [text] : []}
            errors={errors}
            onChange={(chosen) =>
              onChange(question.type === "MULTIPLE_CHOICE" ? chosen : (chosen[0] ?? ""))
            }
          />
        </div>
      );
    case "CHECKBOX":
      return (
        <div data-field={field}>
          <CheckboxField
            label={label}
            name={field}
            required={question.required}
            checked={value === true}
            errors={errors}
            onChange={onChange}
          />
        </div>
      );
    case "PHONE":
      return renderPhone(text, onChange);
  }
}
