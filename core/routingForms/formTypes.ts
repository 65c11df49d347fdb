// Zod-free: the public form page imports these types, limits and helpers without zod.

/** The kinds of question a routing form asks. */
export const FORM_FIELD_TYPES = [
  "SHORT_TEXT",
  "LONG_TEXT",
  "NUMBER",
  "EMAIL",
  "PHONE",
  "SINGLE_SELECT",
  "MULTI_SELECT",
  "RADIO",
  "CHECKBOX",
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The comparisons a route's condition makes. */
export const CONDITION_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "is_one_of",
  "is_empty",
  "is_not_empty",
  "greater_than",
  "less_than",
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Which operators suit a field of each type. */
export const OPERATORS_BY_TYPE: Record<FormFieldType, readonly ConditionOperator[]> = {
  SHORT_TEXT: ["equals", "not_equals", "contains", "is_one_of", "is_empty", "is_not_empty"],
  LONG_TEXT: ["equals", "not_equals", "contains", "is_empty", "is_not_empty"],
  EMAIL: ["equals", "not_equals", "contains", "is_one_of", "is_empty", "is_not_empty"],
  PHONE: ["equals", "not_equals", "contains", "is_empty", "is_not_empty"],
  NUMBER: ["equals", "not_equals", "greater_than", "less_than", "is_empty", "is_not_empty"],
  SINGLE_SELECT: ["equals", "not_equals", "is_one_of", "is_empty", "is_not_empty"],
  RADIO: ["equals", "not_equals", "is_one_of", "is_empty", "is_not_empty"],
  MULTI_SELECT: ["contains", "equals", "not_equals", "is_one_of", "is_empty", "is_not_empty"],
  CHECKBOX: ["equals", "is_empty", "is_not_empty"],
};

/** Whether `operator` needs no value (it looks only at whether the answer is given). */
export function operatorTakesNoValue(operator: ConditionOperator): boolean {
  return operator === "is_empty" || operator === "is_not_empty";
}

/** Field types whose answers are chosen among the field's options. */
export const CHOICE_TYPES: ReadonlySet<FormFieldType> = new Set([
  "SINGLE_SELECT",
  "MULTI_SELECT",
  "RADIO",
]);

/** The query parameters of the booking page a field's answer may fill in (spec §3). */
export const PREFILL_TARGETS = [
  "name",
  "email",
  "mobile",
  ...Array.from({ length: 20 }, (_, index) => `a${index + 1}` as const),
] as const;
export type PrefillTarget = (typeof PREFILL_TARGETS)[number];

export const FORM_TITLE_MAX = 200;
export const FORM_SLUG_MAX = 80;
export const FORM_DESCRIPTION_MAX = 2000;
export const FORM_FIELDS_MAX = 50;
export const FORM_ROUTES_MAX = 50;
export const FORM_CONDITIONS_MAX = 20;
export const FIELD_LABEL_MAX = 300;
export const FIELD_HELP_MAX = 500;
export const FIELD_OPTIONS_MAX = 100;
export const FIELD_OPTION_MAX = 200;
export const ROUTE_MESSAGE_MAX = 1000;
export const ROUTE_URL_MAX = 2000;
/** A field's identifier: a letter, then letters, digits or underscores (it names a query parameter). */
export const FIELD_IDENTIFIER_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** A field's or route's id: made by the builder, kept when labels change. */
export const FORM_ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A form's link: lower-case letters, digits and dashes. */
export const FORM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export interface FormField {
  id: string;
  type: FormFieldType;
  label: string;
  identifier: string;
  required: boolean;
  helpText: string;
  options: string[];
  /** For MULTI_SELECT: how many options may be chosen at most (null: any number). */
  maxSelected: number | null;
  /**
   * For MULTI_SELECT: whether the visitor may add answers not among the options (the
   * dropdown's new-option mode, spec §9); always false for other types.
   */
  allowNewOptions: boolean;
  /** The booking page's query parameter the answer fills in; null: `c__{identifier}`. */
  prefill: PrefillTarget | null;
}

export type ConditionValue = string | number | boolean | string[] | null;

export interface RouteCondition {
  fieldId: string;
  operator: ConditionOperator;
  value: ConditionValue;
}

export type RouteAction =
  | { type: "EVENT_TYPE"; eventTypeId: string }
  | { type: "URL"; url: string; appendAnswers: boolean }
  | { type: "MESSAGE"; message: string };

export interface FormRoute {
  id: string;
  /** The fallback route takes every answer set no other route matched; a form has one, last. */
  isFallback: boolean;
  join: "all" | "any";
  conditions: RouteCondition[];
  action: RouteAction;
}

/** A checked answer as stored: text, a number, the chosen options or a ticked box. */
export type FormAnswer = string | number | boolean | string[];
/** Checked answers by field id; a field left out was not answered. */
export type FormAnswers = Record<string, FormAnswer>;
