import type { Question } from "../eventTypes/eventTypeSchema";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "../eventTypes/textLimits";
// Messages are written as plain objects: a type-only import keeps the message table out of
// the booking form's JavaScript.
import type { Message } from "../messages";

export type AnswerValue = string | string[] | boolean;

/** What checking an answer needs of its question. */
export type AnswerRules = Pick<Question, "type" | "required" | "options">;

/** A phone number in E.164 form, or null when the text is not a valid number. */
export type NormalizePhone = (text: string) => string | null;

/** The checked answer in stored form (undefined: no answer), or why it is refused. */
export type AnswerCheck =
  | { ok: true; value: AnswerValue | undefined }
  | { ok: false; message: Message };

/** Whether an answer counts as not given: missing, blank, an empty list or an unticked box. */
export function isEmptyAnswer(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Checks one answer to a custom question (spec §5): required, among the options, within the
 * length limits, a valid phone number by `normalizePhone`. Shared by the server's
 * validateBookingRequest and the booking form. Pure; never throws.
 */
export function checkAnswer(
  question: AnswerRules,
  raw: unknown,
  normalizePhone: NormalizePhone,
): AnswerCheck {
  if (isEmptyAnswer(raw)) {
    return question.required
      ? { ok: false, message: { key: "general.required", params: {} } }
      : { ok: true, value: undefined };
  }
  const invalid = { ok: false, message: { key: "fields.invalidAnswer", params: {} } } as const;
  const select = { ok: false, message: { key: "fields.selectOption", params: {} } } as const;
  switch (question.type) {
    case "SHORT_TEXT":
    case "LONG_TEXT": {
      const max = question.type === "SHORT_TEXT" ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
      if (typeof raw !== "string") return invalid;
      const text = raw.trim();
      return text.length > max ? invalid : { ok: true, value: text };
    }
    case "SINGLE_CHOICE":
      return typeof raw === "string" && question.options.includes(raw)
        ? { ok: true, value: raw }
        : select;
    case "MULTIPLE_CHOICE": {
      const values = typeof raw === "string" ? [raw] : raw;
      if (!Array.isArray(values) || !values.every((v) => question.options.includes(v))) {
        return select;
      }
      return { ok: true, value: [...new Set(values)] };
    }
    case "CHECKBOX":
      return raw === true ? { ok: true, value: true } : invalid;
    case "PHONE": {
      const phone = typeof raw === "string" ? normalizePhone(raw) : null;
      return phone === null
        ? { ok: false, message: { key: "fields.invalidPhone", params: {} } }
        : { ok: true, value: phone };
    }
  }
}
