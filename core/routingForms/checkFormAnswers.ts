import {
  type AnswerRules,
  checkAnswer,
  isEmptyAnswer,
  type NormalizePhone,
} from "../booking/checkAnswer";
// A type-only import keeps the message table out of the public form's JavaScript.
import type { Message } from "../messages";
import { isEmailAddress } from "../validation/emailAddress";
import {
  FIELD_OPTION_MAX,
  type FormAnswer,
  type FormAnswers,
  type FormField,
  type FormFieldType,
} from "./formTypes";

/** The checked answer (undefined: not answered), or why it is refused. */
export type FormAnswerCheck =
  | { ok: true; value: FormAnswer | undefined }
  | { ok: false; message: Message };

// The booking form's question type that checks the same things as a form field's type.
const QUESTION_TYPE: Partial<Record<FormFieldType, AnswerRules["type"]>> = {
  SHORT_TEXT: "SHORT_TEXT",
  LONG_TEXT: "LONG_TEXT",
  PHONE: "PHONE",
  SINGLE_SELECT: "SINGLE_CHOICE",
  RADIO: "SINGLE_CHOICE",
  MULTI_SELECT: "MULTIPLE_CHOICE",
  CHECKBOX: "CHECKBOX",
};

const invalidAnswer: FormAnswerCheck = {
  ok: false,
  message: { key: "fields.invalidAnswer", params: {} },
};

/** A number typed as text ("42", "-1.5", "1e3" refused), or null. */
function parseNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim().replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Checks one answer to a routing form's field with the booking form's rules (spec §5):
 * 'Required' for a missing required answer ('Please select an option' for a choice),
 * 'Invalid answer', 'Please enter a valid email address.', 'Invalid phone number'. Shared by
 * the server and the public form. Pure; never throws.
 */
export function checkFormAnswer(
  field: Pick<FormField, "type" | "required" | "options" | "maxSelected"> &
    Partial<Pick<FormField, "allowNewOptions">>,
  raw: unknown,
  normalizePhone: NormalizePhone,
): FormAnswerCheck {
  if (isEmptyAnswer(raw)) {
    if (!field.required) return { ok: true, value: undefined };
    const choice =
      field.type === "SINGLE_SELECT" || field.type === "RADIO" || field.type === "MULTI_SELECT";
    return {
      ok: false,
      message: { key: choice ? "fields.selectOption" : "general.required", params: {} },
    };
  }
  switch (field.type) {
    case "NUMBER": {
      const value = parseNumber(raw);
      return value === null ? invalidAnswer : { ok: true, value };
    }
    case "EMAIL": {
      const text = typeof raw === "string" ? raw.trim() : "";
      return isEmailAddress(text)
        ? { ok: true, value: text }
        : { ok: false, message: { key: "fields.invalidEmail", params: {} } };
    }
    case "MULTI_SELECT":
      if (field.allowNewOptions === true) return checkOpenChoices(field.maxSelected, raw);
      return checkChoices(field, raw, normalizePhone);
    case "SINGLE_SELECT":
      if (field.allowNewOptions === true) return checkOpenChoice(raw);
      return checkChoices(field, raw, normalizePhone);
    default:
      return checkChoices(field, raw, normalizePhone);
  }
}

/**
 * The answers of a multiple-choice field whose visitors may add their own (new-option mode):
 * any texts of up to FIELD_OPTION_MAX characters, trimmed, each once, within the maximum.
 */
function checkOpenChoices(maxSelected: number | null, raw: unknown): FormAnswerCheck {
  const values = typeof raw === "string" ? [raw] : raw;
  if (!Array.isArray(values) || !values.every((value) => typeof value === "string")) {
    return invalidAnswer;
  }
  const chosen = [...new Set(values.map((value: string) => value.trim()))];
  if (chosen.some((value) => value === "" || value.length > FIELD_OPTION_MAX)) {
    return invalidAnswer;
  }
  if (maxSelected !== null && chosen.length > maxSelected) return invalidAnswer;
  return { ok: true, value: chosen };
}

/**
 * The answer of a single-choice dropdown whose visitors may add their own (new-option mode):
 * one text of up to FIELD_OPTION_MAX characters, trimmed.
 */
function checkOpenChoice(raw: unknown): FormAnswerCheck {
  if (typeof raw !== "string") return invalidAnswer;
  const chosen = raw.trim();
  if (chosen === "" || chosen.length > FIELD_OPTION_MAX) return invalidAnswer;
  return { ok: true, value: chosen };
}

function checkChoices(
  field: Pick<FormField, "type" | "required" | "options" | "maxSelected">,
  raw: unknown,
  normalizePhone: NormalizePhone,
): FormAnswerCheck {
  const type = QUESTION_TYPE[field.type];
  if (type === undefined) return invalidAnswer;
  const checked = checkAnswer(
    { type, required: field.required, options: field.options },
    raw,
    normalizePhone,
  );
  if (!checked.ok) return checked;
  if (
    field.type === "MULTI_SELECT" &&
    field.maxSelected !== null &&
    Array.isArray(checked.value) &&
    checked.value.length > field.maxSelected
  ) {
    return invalidAnswer;
  }
  return checked;
}

/** Every field's checked answer, or the message of each refused one by field id. */
export type FormAnswersCheck =
  | { ok: true; answers: FormAnswers }
  | { ok: false; errors: Record<string, Message> };

/**
 * Checks a whole submission: each field's answer from `raw` (by field id); answers to fields
 * the form does not have are dropped. Pure.
 */
export function checkFormAnswers(
  fields: readonly FormField[],
  raw: Readonly<Record<string, unknown>>,
  normalizePhone: NormalizePhone,
): FormAnswersCheck {
  const answers: FormAnswers = {};
  const errors: Record<string, Message> = {};
  for (const field of fields) {
    const given = Object.hasOwn(raw, field.id) ? raw[field.id] : undefined;
    const checked = checkFormAnswer(field, given, normalizePhone);
    if (!checked.ok) errors[field.id] = checked.message;
    else if (checked.value !== undefined) answers[field.id] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}
