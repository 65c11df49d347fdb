import {
  CHOICE_TYPES,
  type ConditionOperator,
  type ConditionValue,
  OPERATORS_BY_TYPE,
  operatorTakesNoValue,
} from "../../../../core/routingForms/formTypes";
import { moved } from "./FieldsEditor";
import type { FormField, FormRoute } from "./routingFormQueries";

// What the routes editor does to a form's routes, apart from showing them (RoutesEditor.tsx).

export type Condition = FormRoute["conditions"][number];
export type RouteAction = FormRoute["action"];

/** The items of a comma-separated list, trimmed, the empty ones left out. */
export const listOf = (text: string) =>
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

/** A condition value as a text box shows it: a list joined by commas. */
export const valueText = (value: ConditionValue) =>
  Array.isArray(value) ? value.join(", ") : value === null ? "" : String(value);

/** The condition after its operator changed: its value kept in the shape the operator wants. */
export function withOperator(
  condition: Condition,
  field: FormField | undefined,
  operator: ConditionOperator,
): Partial<Condition> {
  return {
    operator,
    value:
      field !== undefined && CHOICE_TYPES.has(field.type)
        ? choiceConditionValue(field, operator, condition.value)
        : conditionValue(field, operator, valueText(condition.value)),
  };
}

/** A new condition on `field`: its type's first operator, no value yet. */
export function conditionOn(field: FormField | undefined, fieldId: string): Condition {
  return {
    fieldId,
    operator: field ? (OPERATORS_BY_TYPE[field.type][0] ?? "equals") : "equals",
    value: null,
  };
}

/** A route's action of another type, started from nothing (an event type: the first). */
export function actionOfType(
  type: RouteAction["type"],
  firstEventTypeId: string | undefined,
): RouteAction {
  if (type === "EVENT_TYPE") return { type, eventTypeId: firstEventTypeId ?? "" };
  if (type === "URL") return { type, url: "https://", appendAnswers: false };
  return { type: "MESSAGE", message: "" };
}

/** The rules in their order and the fallback, which always comes last. */
export function orderedRoutes(routes: readonly FormRoute[]) {
  const rules = routes.filter((route) => !route.isFallback);
  const fallback = routes.find((route) => route.isFallback);
  return { rules, fallback, ordered: [...rules, ...(fallback ? [fallback] : [])] };
}

/** `routes` with the route at `index` changed by `patch`. */
export function patchRoute(
  routes: readonly FormRoute[],
  index: number,
  patch: Partial<FormRoute>,
): FormRoute[] {
  return routes.map((route, at) => (at === index ? { ...route, ...patch } : route));
}

/** `routes` with the rule at `position` (among the rules) moved by `by`; the fallback stays last. */
export function moveRule(routes: readonly FormRoute[], position: number, by: number): FormRoute[] {
  const { rules, fallback } = orderedRoutes(routes);
  return [...moved(rules, position, by), ...(fallback ? [fallback] : [])];
}

/** `routes` with a new rule after the others (before the fallback), routing to an event type. */
export function addRule(
  routes: readonly FormRoute[],
  id: string,
  firstEventTypeId: string | undefined,
): FormRoute[] {
  const { rules, fallback } = orderedRoutes(routes);
  return [
    ...rules,
    {
      id,
      isFallback: false,
      join: "all",
      conditions: [],
      action: actionOfType("EVENT_TYPE", firstEventTypeId),
    },
    ...(fallback ? [fallback] : []),
  ];
}

/** The messages of the server's 422 about a condition's value or operator. */
export function conditionErrors(
  errors: Readonly<Record<string, string[]>>,
  index: number,
  at: number,
): string[] {
  return (
    errors[`routes.${index}.conditions.${at}.value`] ??
    errors[`routes.${index}.conditions.${at}.operator`] ??
    []
  );
}
