import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CHOICE_TYPES,
  FIELD_OPTIONS_MAX,
  FORM_FIELD_TYPES,
  type FormFieldType,
  PREFILL_TARGETS,
} from "../../../../core/routingForms/formTypes";
import { defaultPrefill } from "../../../../core/routingForms/routeTarget";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { isolateText } from "../../../components/UserText";
import { announce } from "../../layout/Announcer";
import { type FormField, newItemId } from "./routingFormQueries";

interface FieldsEditorProps {
  fields: FormField[];
  onChange: (fields: FormField[]) => void;
  /** Server errors by path ("fields.0.label"). */
  errors: Record<string, string[]>;
}

/** Moves item `index` of `list` by `by` places (the builder's up and down buttons). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The most answers typed in the builder: null when empty, else the digits as a number (a 0 or
 * more than FIELD_OPTIONS_MAX stays, so that the field says so and the server refuses it too).
 */
export function maxSelectedFromText(text: string): number | null {
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return digits === "" ? null : Number(digits);
}

/** Whether a maximum is none or a whole number from 1 to FIELD_OPTIONS_MAX. */
export function maxSelectedFits(max: number | null): boolean {
  return max === null || (Number.isInteger(max) && max >= 1 && max <= FIELD_OPTIONS_MAX);
}

const headingId = (field: FormField) => `rf-question-${field.id}`;

/**
 * Focuses, once the list has rendered, the element `pick` finds (a moved question's node is
 * taken out and put back, which drops its focus; a removed one's buttons are gone).
 */
function focusAfterRender(pick: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => {
    const target = pick();
    target?.scrollIntoView({ block: "center" });
    target?.focus({ preventScroll: true });
  });
}

/** The builder's questions: add, reorder, edit and remove. */
export function FieldsEditor({ fields, onChange, errors }: FieldsEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<FormField>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  // A question's label, or its type while it has none: what announcements call it.
  const labelOf = (field: FormField) =>
    field.label.trim() || t(`dashboard.routingForms.types.${field.type}`);

  const move = (index: number, by: -1 | 1) => {
    const field = fields[index];
    const next = moved(fields, index, by);
    if (!field || next[index] === field) return;
    onChange(next);
    const button = by < 0 ? "up" : "down";
    // Focus stays on the button pressed, in the question's new place; at the end of the list
    // that button is disabled, and the question's heading takes focus instead.
    focusAfterRender(() => {
      const item = document.getElementById(headingId(field))?.closest("li");
      const pressed = item?.querySelector<HTMLButtonElement>(`button[data-move="${button}"]`);
      return pressed && !pressed.disabled ? pressed : document.getElementById(headingId(field));
    });
    announce(
      t("dashboard.routingForms.questionMoved", {
        label: labelOf(field),
        number: index + by + 1,
        total: fields.length,
      }),
    );
  };

  // The question whose Remove was pressed, until the host confirms or cancels.
  const [removing, setRemoving] = useState<string | null>(null);
  // Where the confirmation dialog sends focus when it closes after the removal.
  const afterRemoval = useRef<HTMLElement | null>(null);
  const remove = (index: number) => {
    const field = fields[index];
    if (!field) return;
    // What now stands there: the next question, else the one before, else the list's heading.
    const neighbour = fields[index + 1] ?? fields[index - 1];
    const target = () => document.getElementById(neighbour ? headingId(neighbour) : "rf-fields");
    afterRemoval.current = target();
    setRemoving(null);
    onChange(fields.filter((_, at) => at !== index));
    focusAfterRender(target);
    announce(t("dashboard.routingForms.questionRemoved", { label: labelOf(field) }));
  };
  const removingIndex = fields.findIndex((field) => field.id === removing);
  const removingField = fields[removingIndex];

  const add = () => {
    const field: FormField = {
      id: newItemId("f"),
      type: "SHORT_TEXT",
      label: "",
      identifier: `q${fields.length + 1}`,
      required: false,
      helpText: "",
      options: [],
      maxSelected: null,
      allowNewOptions: false,
      prefill: null,
    };
    onChange([...fields, field]);
    // The new question's first field: its label is what is typed next.
    focusAfterRender(() =>
      document.getElementById(headingId(field))?.closest("li")?.querySelector("input"),
    );
    announce(t("dashboard.routingForms.questionAdded", { number: fields.length + 1 }));
  };

  return (
    <section aria-labelledby="rf-fields" className="flex flex-col gap-3">
      <h2
        id="rf-fields"
        tabIndex={-1}
        className="text-lg font-bold text-gray-900 focus:outline-none"
      >
        {t("dashboard.routingForms.questions")}
      </h2>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const err = (name: string) => errors[`fields.${index}.${name}`] ?? [];
          // What the question's heading and buttons call it, as the page builder names blocks.
          const named = { number: index + 1, label: isolateText(labelOf(field)) };
          return (
            <li
              key={field.id}
              className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3"
            >
              <h3
                id={headingId(field)}
                tabIndex={-1}
                className="text-sm font-semibold text-gray-700 focus:outline-none"
              >
                {t("dashboard.routingForms.questionHeading", named)}
              </h3>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label={t("dashboard.routingForms.label")}
                  value={field.label}
                  errors={err("label")}
                  onChange={(event) => update(index, { label: event.target.value })}
                />
                <SelectField
                  label={t("dashboard.routingForms.type")}
                  value={field.type}
                  options={FORM_FIELD_TYPES.map((type) => ({
                    value: type,
                    label: t(`dashboard.routingForms.types.${type}`),
                  }))}
                  onChange={(event) => update(index, { type: event.target.value as FormFieldType })}
                />
                <TextField
                  label={t("dashboard.routingForms.identifier")}
                  hint={t("dashboard.routingForms.identifierHint")}
                  value={field.identifier}
                  errors={err("identifier")}
                  onChange={(event) => update(index, { identifier: event.target.value })}
                />
                <SelectField
                  label={t("dashboard.routingForms.prefill")}
                  value={field.prefill ?? ""}
                  options={[
                    {
                      value: "",
                      label: defaultPrefill(field).startsWith("c__")
                        ? t("dashboard.routingForms.prefillCustom", {
                            name: defaultPrefill(field),
                          })
                        : t("dashboard.routingForms.prefillDefault", {
                            name: defaultPrefill(field),
                          }),
                    },
                    ...PREFILL_TARGETS.map((target) => ({ value: target, label: target })),
                  ]}
                  onChange={(event) =>
                    update(index, {
                      prefill: (event.target.value || null) as FormField["prefill"],
                    })
                  }
                />
              </div>
              <TextField
                label={t("dashboard.routingForms.helpText")}
                value={field.helpText}
                errors={err("helpText")}
                onChange={(event) => update(index, { helpText: event.target.value })}
              />
              {CHOICE_TYPES.has(field.type) ? (
                <TextAreaField
                  label={t("dashboard.routingForms.options")}
                  hint={t("dashboard.routingForms.optionsHint")}
                  rows={3}
                  value={field.options.join("\n")}
                  errors={err("options")}
                  onChange={(event) => update(index, { options: event.target.value.split("\n") })}
                />
              ) : null}
              {field.type === "MULTI_SELECT" || field.type === "SINGLE_SELECT" ? (
                <CheckboxField
                  label={t("dashboard.routingForms.allowNewOptions")}
                  hint={t("dashboard.routingForms.allowNewOptionsHint")}
                  checked={field.allowNewOptions}
                  onChange={(allowNewOptions) => update(index, { allowNewOptions })}
                />
              ) : null}
              {field.type === "MULTI_SELECT" ? (
                <TextField
                  label={t("dashboard.routingForms.maxSelected")}
                  hint={t("dashboard.routingForms.maxSelectedHint")}
                  inputMode="numeric"
                  value={field.maxSelected === null ? "" : String(field.maxSelected)}
                  errors={
                    maxSelectedFits(field.maxSelected)
                      ? err("maxSelected")
                      : [t("dashboard.routingForms.maxSelectedInvalid", { max: FIELD_OPTIONS_MAX })]
                  }
                  onChange={(event) =>
                    update(index, { maxSelected: maxSelectedFromText(event.target.value) })
                  }
                />
              ) : null}
              <CheckboxField
                label={t("dashboard.routingForms.required")}
                checked={field.required}
                onChange={(required) => update(index, { required })}
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  size="compact"
                  variant="secondary"
                  data-move="up"
                  aria-label={t("dashboard.routingForms.moveUpQuestion", named)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  {t("dashboard.routingForms.moveUp")}
                </Button>
                <Button
                  size="compact"
                  variant="secondary"
                  data-move="down"
                  aria-label={t("dashboard.routingForms.moveDownQuestion", named)}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t("dashboard.routingForms.moveDown")}
                </Button>
                <Button
                  size="compact"
                  variant="secondary"
                  aria-label={t("dashboard.routingForms.removeQuestion", named)}
                  onClick={() => setRemoving(field.id)}
                >
                  {t("dashboard.routingForms.remove")}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="self-start" onClick={add}>
        {t("dashboard.routingForms.addQuestion")}
      </Button>
      <ConfirmDialog
        open={removingField !== undefined}
        danger
        title={
          removingField
            ? t("dashboard.routingForms.removeQuestionTitle", {
                number: removingIndex + 1,
                label: isolateText(labelOf(removingField)),
              })
            : ""
        }
        message={t("dashboard.routingForms.removeQuestionMessage")}
        confirmLabel={t("dashboard.common.remove")}
        fallbackFocus={afterRemoval}
        onConfirm={() => remove(removingIndex)}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
