import type { PublicFormResponse } from "../../../core/api/routingForms";
import type { MessageKey } from "../../../core/messages";
import { checkFormAnswer } from "../../../core/routingForms/checkFormAnswers";

export type PublicFormField = PublicFormResponse["fields"][number];
/** What the visitor has entered, by field id: text, chosen options or a ticked box. */
export type FormValues = Record<string, string | string[] | boolean>;

/** The public catalog's keys of the messages a field may show. */
export type FormErrorKey =
  | "errors.required"
  | "errors.email"
  | "details.selectOption"
  | "details.invalidPhone"
  | "details.invalidAnswer";

/** The public catalog's key for each message the core checks say. */
const formKeys: Partial<Record<MessageKey, FormErrorKey>> = {
  "general.required": "errors.required",
  "fields.invalidEmail": "errors.email",
  "fields.selectOption": "details.selectOption",
  "fields.invalidPhone": "details.invalidPhone",
  "fields.invalidAnswer": "details.invalidAnswer",
};

/**
 * The catalog key of the error of one field, or null when its value passes the server's own
 * checks (core/routingForms). `phoneValid` says whether a phone field holds a valid number
 * (the phone input knows the chosen country).
 */
export function fieldError(
  field: PublicFormField,
  value: FormValues[string] | undefined,
  phoneValid: (fieldId: string) => boolean,
): FormErrorKey | null {
  const checked = checkFormAnswer(field, value, (text) => (phoneValid(field.id) ? text : null));
  return checked.ok ? null : (formKeys[checked.message.key] ?? "details.invalidAnswer");
}

/** Every field's error key, by field id; empty when the form can be sent. */
export function formErrors(
  fields: readonly PublicFormField[],
  values: FormValues,
  phoneValid: (fieldId: string) => boolean,
): Record<string, FormErrorKey> {
  const errors: Record<string, FormErrorKey> = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.id], phoneValid);
    if (error !== null) errors[field.id] = error;
  }
  return errors;
}

const UTM_NAMES = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"];

/** The page's UTM parameters, for the response's record. */
export function utmOf(search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const utm: Record<string, string> = {};
  for (const name of UTM_NAMES) {
    const value = query.get(name)?.trim();
    if (value) utm[name] = value.slice(0, 200);
  }
  return utm;
}
