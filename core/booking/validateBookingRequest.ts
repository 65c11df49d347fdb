import type { Language } from "../accounts/accountSchemas";
import { DomainError, type FieldErrors } from "../errors";
import {
  type EventLocation,
  LONG_ANSWER_MAX,
  type Question,
  SHORT_ANSWER_MAX,
} from "../eventTypes/eventTypeSchema";
import { answerOf } from "./answerOf";
import type { BookingRequest } from "./bookingRequestSchema";
import { SELECT_MESSAGE } from "./bookingRequestSchema";
import { normalizePhoneNumber } from "./normalizePhoneNumber";
import { type BookedLocation, resolveBookingLocation } from "./resolveBookingLocation";

/** What validation needs of the event type being booked. */
export interface BookableRules {
  duration: number;
  durations: readonly number[];
  locations: readonly EventLocation[];
  questions: readonly Question[];
}

export type AnswerValue = string | string[] | boolean;

/** A booking request checked against its event type, in the form it is stored. */
export interface BookingDetails {
  start: number;
  duration: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  salutation: string | null;
  email: string;
  guests: string[];
  phone: string | null;
  location: BookedLocation | null;
  answers: Record<string, AnswerValue>;
  language: string;
  timeZone: string;
}

type Checked = { ok: true; value: AnswerValue | undefined } | { ok: false; message: string };

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

function checkAnswer(question: Question, raw: unknown, timeZone: string): Checked {
  if (isEmpty(raw)) {
    return question.required ? { ok: false, message: "Required" } : { ok: true, value: undefined };
  }
  const invalid = { ok: false, message: "Invalid answer" } as const;
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
        : { ok: false, message: SELECT_MESSAGE };
    case "MULTIPLE_CHOICE": {
      const values = typeof raw === "string" ? [raw] : raw;
      if (!Array.isArray(values) || !values.every((v) => question.options.includes(v))) {
        return { ok: false, message: SELECT_MESSAGE };
      }
      return { ok: true, value: [...new Set(values)] };
    }
    case "CHECKBOX":
      return raw === true ? { ok: true, value: true } : invalid;
    case "PHONE": {
      const phone = typeof raw === "string" ? normalizePhoneNumber(raw, timeZone) : null;
      return phone === null
        ? { ok: false, message: "Invalid phone number" }
        : { ok: true, value: phone };
    }
  }
}

/**
 * Checks a parsed booking request against the event type it books: duration, location and its
 * details, the invitee's phone, every custom question (required, choices, lengths). Answers to
 * unknown questions are dropped. Pure. Throws DomainError VALIDATION with the spec's messages,
 * every failing field at once.
 */
export function validateBookingRequest(
  rules: BookableRules,
  request: BookingRequest & { language: Language },
): BookingDetails {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const timeZone = request.timezone;

  const duration = request.duration ?? rules.duration;
  if (!rules.durations.includes(duration)) fail("duration", SELECT_MESSAGE);

  let phone: string | null = null;
  if (request.phone !== undefined) {
    phone = normalizePhoneNumber(request.phone, timeZone);
    if (phone === null) fail("phone", "Invalid phone number");
  }

  const located = resolveBookingLocation(rules.locations, request.location, timeZone);
  if (!located.ok) fail(located.field, located.message);

  const checkedAnswers: [string, AnswerValue][] = [];
  for (const question of rules.questions) {
    const checked = checkAnswer(question, answerOf(request.answers, question.id), timeZone);
    if (!checked.ok) fail(`answers.${question.id}`, checked.message);
    else if (checked.value !== undefined) checkedAnswers.push([question.id, checked.value]);
  }
  // fromEntries defines own properties: no key (not even __proto__) reaches a prototype.
  const answers: Record<string, AnswerValue> = Object.fromEntries(checkedAnswers);

  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined) throw new DomainError("VALIDATION", first, errors);

  const firstName = request.firstName ?? null;
  const lastName = request.lastName ?? null;
  const email = request.email.toLowerCase();
  return {
    start: Date.parse(request.start),
    duration,
    name: request.name ?? `${firstName} ${lastName}`,
    firstName,
    lastName,
    salutation: request.salutation ?? null,
    email,
    guests: [...new Set(request.guests.map((g) => g.toLowerCase()))].filter((g) => g !== email),
    phone,
    location: located.ok ? located.location : null,
    answers,
    language: request.language,
    timeZone,
  };
}
