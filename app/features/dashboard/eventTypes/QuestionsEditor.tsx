import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QUESTION_TYPES } from "../../../../core/eventTypes/eventTypeSchema";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { CheckboxField } from "../../../components/CheckboxField";
import { FieldMessages } from "../../../components/FieldMessages";
import { SelectField } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { useFocusAfterMove } from "../../../lib/useFocusAfterMove";
import type { Question } from "../api/types";
import type { SectionProps } from "./editorTypes";
import { newQuestion } from "./eventTypeDraft";

const CHOICE_TYPES = new Set<Question["type"]>(["SINGLE_CHOICE", "MULTIPLE_CHOICE"]);

/** Custom questions invitees answer when booking, in the order they are asked. */
export function QuestionsEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const [addType, setAddType] = useState<Question["type"]>("SHORT_TEXT");
  const { questions } = draft;

  const setQuestion = (index: number, patch: Partial<Question>) =>
    update({ questions: questions.map((q, i) => (i === index ? { ...q, ...patch } : q)) });
  const focusMoved = useFocusAfterMove();
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    update({ questions: next });
    focusMoved(moved.id, by < 0 ? "up" : "down");
  };
  const typeOptions = QUESTION_TYPES.map((type) => ({
    value: type,
    label: t(`dashboard.questions.types.${type}`),
  }));

  return (
    <Card title={t("dashboard.questions.title")} description={t("dashboard.questions.description")}>
      <FieldMessages id="questions" errors={errors.questions} />
      {questions.length === 0 ? (
        <p className="text-sm text-gray-600">{t("dashboard.questions.none")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {questions.map((question, index) => {
            const prefix = `questions.${index}`;
            const number = index + 1;
            return (
              <li
                key={question.id}
                data-move-item={question.id}
                className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 sm:p-4"
              >
                <h3 tabIndex={-1} className="font-semibold text-gray-900 focus:outline-none">
                  {t("dashboard.questions.heading", { number })}
                </h3>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    label={t("dashboard.questions.label")}
                    value={question.label}
                    onChange={(event) => setQuestion(index, { label: event.target.value })}
                    errors={errors[`${prefix}.label`]}
                  />
                  <SelectField
                    label={t("dashboard.questions.type")}
                    value={question.type}
                    options={typeOptions}
                    onChange={(event) => {
                      const type = event.target.value as Question["type"];
                      setQuestion(index, {
                        type,
                        options: CHOICE_TYPES.has(type)
                          ? question.options.length > 0
                            ? question.options
                            : [""]
                          : [],
                      });
                    }}
                    errors={errors[`${prefix}.type`]}
                  />
                </div>
                {CHOICE_TYPES.has(question.type) ? (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="text-sm font-semibold text-gray-800">
                      {t("dashboard.questions.options")}
                    </legend>
                    {question.options.map((option, optionIndex) => (
                      <div
                        // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings edited in place.
                        key={optionIndex}
                        className="flex items-end gap-2"
                      >
                        <TextField
                          className="flex-1"
                          label={t("dashboard.questions.optionLabel", { number: optionIndex + 1 })}
                          value={option}
                          onChange={(event) =>
                            setQuestion(index, {
                              options: question.options.map((o, i) =>
                                i === optionIndex ? event.target.value : o,
                              ),
                            })
                          }
                          errors={errors[`${prefix}.options.${optionIndex}`]}
                        />
                        <Button
                          variant="secondary"
                          disabled={question.options.length <= 1}
                          onClick={() =>
                            setQuestion(index, {
                              options: question.options.filter((_, i) => i !== optionIndex),
                            })
                          }
                        >
                          {t("dashboard.common.remove")}
                          <span className="sr-only">
                            {" "}
                            {t("dashboard.questions.optionLabel", { number: optionIndex + 1 })}
                          </span>
                        </Button>
                      </div>
                    ))}
                    <FieldMessages id={`${prefix}-options`} errors={errors[`${prefix}.options`]} />
                    <div>
                      <Button
                        variant="secondary"
                        onClick={() => setQuestion(index, { options: [...question.options, ""] })}
                      >
                        {t("dashboard.questions.addOption")}
                      </Button>
                    </div>
                  </fieldset>
                ) : null}
                <CheckboxField
                  label={t("dashboard.questions.required")}
                  checked={question.required}
                  onChange={(required) => setQuestion(index, { required })}
                />
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    data-move="up"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    {t("dashboard.questions.moveUp", { number })}
                  </Button>
                  <Button
                    variant="secondary"
                    data-move="down"
                    disabled={index === questions.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    {t("dashboard.questions.moveDown", { number })}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => update({ questions: questions.filter((_, i) => i !== index) })}
                  >
                    {t("dashboard.questions.remove", { number })}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={t("dashboard.questions.addType")}
          value={addType}
          options={typeOptions}
          onChange={(event) => setAddType(event.target.value as Question["type"])}
          className="min-w-56 flex-1 sm:flex-none"
        />
        <Button
          variant="secondary"
          onClick={() => update({ questions: [...questions, newQuestion(addType)] })}
        >
          {t("dashboard.questions.add")}
        </Button>
      </div>
    </Card>
  );
}
