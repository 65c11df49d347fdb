import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CHOICE_TYPES,
  type ConditionOperator,
  type ConditionValue,
  OPERATORS_BY_TYPE,
  operatorTakesNoValue,
} from "../../../../core/routingForms/formTypes";
import { Button } from "../../../components/Button";
import { CheckboxField } from "../../../components/CheckboxField";
import { ChoiceGroup } from "../../../components/ChoiceGroup";
import { SelectField } from "../../../components/SelectField";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import type { EventType } from "../api/types";
import { moved } from "./FieldsEditor";
import { type FormField, type FormRoute, newItemId } from "./routingFormQueries";

type Condition = FormRoute["conditions"][number];
type Action = FormRoute["action"];

interface RoutesEditorProps {
  fields: FormField[];
  routes: FormRoute[];
  eventTypes: EventType[];
  counts: Record<string, number>;
  onChange: (routes: FormRoute[]) => void;
  errors: Record<string, string[]>;
}

const listOf = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** The condition's value as the host typed it, in the shape its field and operator want. */
export function conditionValue(
  field: FormField | undefined,
  operator: ConditionOperator,
  text: string,
): ConditionValue {
  if (operatorTakesNoValue(operator) || field === undefined) return null;
  if (field.type === "CHECKBOX") return text === "true";
  if (field.type === "NUMBER")
    return text.trim() === "" || Number.isNaN(Number(text)) ? text : Number(text);
  if (operator === "is_one_of" || field.type === "MULTI_SELECT") return listOf(text);
  return text;
}

/** Whether a condition on `field` with `operator` compares with a list of values. */
export function takesValueList(field: FormField, operator: ConditionOperator): boolean {
  return operator === "is_one_of" || field.type === "MULTI_SELECT";
}

/**
 * A choice field's condition value after its operator changed: the chosen options kept, as a
 * list for a list operator, else the first of them.
 */
export function choiceConditionValue(
  field: FormField,
  operator: ConditionOperator,
  value: ConditionValue,
): ConditionValue {
  if (operatorTakesNoValue(operator)) return null;
  const chosen = (Array.isArray(value) ? value : typeof value === "string" ? [value] : []).filter(
    (item) => item !== "",
  );
  return takesValueList(field, operator) ? chosen : (chosen[0] ?? "");
}

const valueText = (value: ConditionValue) =>
  Array.isArray(value) ? value.join(", ") : value === null ? "" : String(value);

/** The builder's routes, in order, the fallback last: conditions, their join and the action. */
export function RoutesEditor({
  fields,
  routes,
  eventTypes,
  counts,
  onChange,
  errors,
}: RoutesEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<FormRoute>) =>
    onChange(routes.map((route, at) => (at === index ? { ...route, ...patch } : route)));
  const rules = routes.filter((route) => !route.isFallback);
  const fallback = routes.find((route) => route.isFallback);
  const ordered = [...rules, ...(fallback ? [fallback] : [])];

  function actionEditor(route: FormRoute, index: number) {
    const err = (name: string) => errors[`routes.${index}.action.${name}`] ?? [];
    const setAction = (action: Action) => update(index, { action });
    return (
      <div className="flex flex-col gap-3">
        <SelectField
          label={t("dashboard.routingForms.action")}
          value={route.action.type}
          options={(["EVENT_TYPE", "URL", "MESSAGE"] as const).map((type) => ({
            value: type,
            label: t(`dashboard.routingForms.actions.${type}`),
          }))}
          onChange={(event) => {
            const type = event.target.value;
            setAction(
              type === "EVENT_TYPE"
                ? { type, eventTypeId: eventTypes[0]?.id ?? "" }
                : type === "URL"
                  ? { type, url: "https://", appendAnswers: false }
                  : { type: "MESSAGE", message: "" },
            );
          }}
        />
        {route.action.type === "EVENT_TYPE" ? (
          <SelectField
            label={t("dashboard.routingForms.eventType")}
            value={route.action.eventTypeId}
            errors={err("eventTypeId")}
            options={[
              { value: "", label: t("dashboard.routingForms.chooseEventType") },
              ...eventTypes.map((type) => ({ value: type.id, label: type.title })),
            ]}
            onChange={(event) => setAction({ type: "EVENT_TYPE", eventTypeId: event.target.value })}
          />
        ) : null}
        {route.action.type === "URL" ? (
          <>
            <TextField
              label={t("dashboard.routingForms.url")}
              type="url"
              value={route.action.url}
              errors={err("url")}
              onChange={(event) =>
                setAction({
                  type: "URL",
                  url: event.target.value,
                  appendAnswers: route.action.type === "URL" && route.action.appendAnswers,
                })
              }
            />
            <CheckboxField
              label={t("dashboard.routingForms.appendAnswers")}
              checked={route.action.appendAnswers}
              onChange={(appendAnswers) =>
                setAction({
                  type: "URL",
                  url: route.action.type === "URL" ? route.action.url : "",
                  appendAnswers,
                })
              }
            />
          </>
        ) : null}
        {route.action.type === "MESSAGE" ? (
          <TextAreaField
            label={t("dashboard.routingForms.message")}
            rows={3}
            value={route.action.message}
            errors={err("message")}
            onChange={(event) => setAction({ type: "MESSAGE", message: event.target.value })}
          />
        ) : null}
      </div>
    );
  }

  function conditionEditor(route: FormRoute, index: number, condition: Condition, at: number) {
    const field = fields.find((candidate) => candidate.id === condition.fieldId);
    const operators = field ? OPERATORS_BY_TYPE[field.type] : [];
    const setCondition = (patch: Partial<Condition>) =>
      update(index, {
        conditions: route.conditions.map((item, i) => (i === at ? { ...item, ...patch } : item)),
      });
    const err =
      errors[`routes.${index}.conditions.${at}.value`] ??
      errors[`routes.${index}.conditions.${at}.operator`] ??
      [];
    return (
      <li key={at} className="grid gap-2 rounded-lg bg-gray-50 p-2 sm:grid-cols-3">
        <SelectField
          label={t("dashboard.routingForms.conditionField")}
          value={condition.fieldId}
          options={fields.map((item) => ({ value: item.id, label: item.label || item.identifier }))}
          onChange={(event) => {
            const next = fields.find((item) => item.id === event.target.value);
            setCondition({
              fieldId: event.target.value,
              operator: next ? (OPERATORS_BY_TYPE[next.type][0] ?? "equals") : "equals",
              value: null,
            });
          }}
        />
        <SelectField
          label={t("dashboard.routingForms.operator")}
          value={condition.operator}
          options={operators.map((operator) => ({
            value: operator,
            label: t(`dashboard.routingForms.operators.${operator}`),
          }))}
          onChange={(event) => {
            const operator = event.target.value as ConditionOperator;
            setCondition({
              operator,
              value:
                field !== undefined && CHOICE_TYPES.has(field.type)
                  ? choiceConditionValue(field, operator, condition.value)
                  : conditionValue(field, operator, valueText(condition.value)),
            });
          }}
        />
        {operatorTakesNoValue(condition.operator) ? null : field?.type === "CHECKBOX" ? (
          <SelectField
            label={t("dashboard.routingForms.value")}
            value={condition.value === true ? "true" : "false"}
            options={[
              { value: "true", label: t("dashboard.routingForms.ticked") },
              { value: "false", label: t("dashboard.routingForms.notTicked") },
            ]}
            onChange={(event) => setCondition({ value: event.target.value === "true" })}
          />
        ) : field !== undefined && CHOICE_TYPES.has(field.type) ? (
          <ChoiceValue
            field={field}
            operator={condition.operator}
            value={condition.value}
            errors={err}
            onChange={(value) => setCondition({ value })}
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
            errors={err}
            initial={valueText(condition.value)}
            onChange={(text) =>
              setCondition({ value: conditionValue(field, condition.operator, text) })
            }
          />
        )}
        <Button
          size="compact"
          variant="secondary"
          className="self-end"
          onClick={() => update(index, { conditions: route.conditions.filter((_, i) => i !== at) })}
        >
          {t("dashboard.routingForms.removeCondition")}
        </Button>
      </li>
    );
  }

  return (
    <section aria-labelledby="rf-routes" className="flex flex-col gap-3">
      <h2 id="rf-routes" className="text-lg font-bold text-gray-900">
        {t("dashboard.routingForms.routes")}
      </h2>
      <p className="text-sm text-gray-700">{t("dashboard.routingForms.routesHelp")}</p>
      {(errors.routes ?? []).length > 0 ? (
        <p className="text-sm font-medium text-red-700">{errors.routes?.join(" ")}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {ordered.map((route) => {
          const index = routes.indexOf(route);
          const position = rules.indexOf(route);
          const title = route.isFallback
            ? t("dashboard.routingForms.fallback")
            : t("dashboard.routingForms.routeNumber", { number: position + 1 });
          return (
            <li
              key={route.id}
              className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-gray-900">{title}</h3>
                <span className="text-sm text-gray-700">
                  {t("dashboard.routingForms.responses", { number: counts[route.id] ?? 0 })}
                </span>
              </div>
              {route.isFallback ? null : (
                <>
                  <SelectField
                    label={t("dashboard.routingForms.join")}
                    value={route.join}
                    options={[
                      { value: "all", label: t("dashboard.routingForms.joinAll") },
                      { value: "any", label: t("dashboard.routingForms.joinAny") },
                    ]}
                    onChange={(event) =>
                      update(index, { join: event.target.value as "all" | "any" })
                    }
                  />
                  <ul className="flex flex-col gap-2">
                    {route.conditions.map((condition, at) =>
                      conditionEditor(route, index, condition, at),
                    )}
                  </ul>
                  {(errors[`routes.${index}.conditions`] ?? []).length > 0 ? (
                    <p className="text-sm font-medium text-red-700">
                      {errors[`routes.${index}.conditions`]?.join(" ")}
                    </p>
                  ) : null}
                  <Button
                    size="compact"
                    variant="secondary"
                    className="self-start"
                    disabled={fields.length === 0}
                    onClick={() => {
                      const first = fields[0];
                      if (!first) return;
                      update(index, {
                        conditions: [
                          ...route.conditions,
                          {
                            fieldId: first.id,
                            operator: OPERATORS_BY_TYPE[first.type][0] ?? "equals",
                            value: null,
                          },
                        ],
                      });
                    }}
                  >
                    {t("dashboard.routingForms.addCondition")}
                  </Button>
                </>
              )}
              {actionEditor(route, index)}
              {route.isFallback ? null : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="compact"
                    variant="secondary"
                    disabled={position === 0}
                    onClick={() =>
                      onChange([...moved(rules, position, -1), ...(fallback ? [fallback] : [])])
                    }
                  >
                    {t("dashboard.routingForms.moveUp")}
                  </Button>
                  <Button
                    size="compact"
                    variant="secondary"
                    disabled={position === rules.length - 1}
                    onClick={() =>
                      onChange([...moved(rules, position, 1), ...(fallback ? [fallback] : [])])
                    }
                  >
                    {t("dashboard.routingForms.moveDown")}
                  </Button>
                  <Button
                    size="compact"
                    variant="secondary"
                    onClick={() => onChange(routes.filter((item) => item !== route))}
                  >
                    {t("dashboard.routingForms.remove")}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() =>
          onChange([
            ...rules,
            {
              id: newItemId("r"),
              isFallback: false,
              join: "all",
              conditions: [],
              action: { type: "EVENT_TYPE", eventTypeId: eventTypes[0]?.id ?? "" },
            },
            ...(fallback ? [fallback] : []),
          ])
        }
      >
        {t("dashboard.routingForms.addRoute")}
      </Button>
    </section>
  );
}

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
function ChoiceValue({ field, operator, value, errors, onChange }: ChoiceValueProps) {
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
function TypedValue({ label, hint, errors, initial, onChange }: TypedValueProps) {
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
