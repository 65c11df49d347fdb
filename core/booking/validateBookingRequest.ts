import type { Language } from "../accounts/accountSchemas";
import { DomainError, type FieldMessages } from "../errors";
import type { EventLocation, Question } from "../eventTypes/eventTypeSchema";
import { type Message, message } from "../messages";
import { answerOf } from "./answerOf";
import type { BookingRequest } from "./bookingRequestSchema";
import { type AnswerValue, checkAnswer } from "./checkAnswer";
import { checkPhone } from "./checkPhone";
import { normalizePhoneNumber } from "./normalizePhoneNumber";
import { type BookedLocation, resolveBookingLocation } from "./resolveBookingLocation";

/** What validation needs of the event type being booked. */
export interface BookableRules {
  duration: number;
  durations: readonly number[];
  locations: readonly EventLocation[];
  questions: readonly Question[];
  /** A paid type's terms, which the invitee must accept; null when free or without terms. */
  paymentTerms?: string | null;
  priceAmount?: number | null;
  /** The weekly series an invitee may book; null or absent: single meetings only. */
  recurrence?: { everyWeeks: number; maxOccurrences: number } | null;
}

export type { AnswerValue };

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
  /** Occurrences of the weekly series from `start` (1: a single meeting). */
  occurrences: number;
  /** Whether the invitee agreed to texts about this booking (absent: not asked). */
  smsConsent?: boolean;
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
  const errors: FieldMessages = {};
  const fail = (field: string, reason: Message) => {
    errors[field] = [...(errors[field] ?? []), reason];
  };
  const timeZone = request.timezone;
  const normalizePhone = (text: string) => normalizePhoneNumber(text, timeZone);

  const duration = request.duration ?? rules.duration;
  if (!rules.durations.includes(duration)) fail("duration", message("fields.selectOption"));

  const occurrences = request.occurrences ?? 1;
  const recurrence = rules.recurrence ?? null;
  if (occurrences > 1 && recurrence === null) {
    fail("occurrences", message("booking.notRecurring"));
  } else if (recurrence !== null && occurrences > recurrence.maxOccurrences) {
    fail("occurrences", message("booking.occurrencesRange", { max: recurrence.maxOccurrences }));
  }

  let phone: string | null = null;
  if (request.phone !== undefined) {
    const checked = checkPhone(request.phone, normalizePhone);
    if (checked.ok) phone = checked.value;
    else fail("phone", checked.message);
  } else if (request.smsConsent === true) {
    // Agreeing to texts without a number to text is a form the invitee has not finished.
    fail("phone", message("general.required"));
  }

  const located = resolveBookingLocation(rules.locations, request.location, timeZone);
  if (!located.ok) fail(located.field, located.message);

  const checkedAnswers: [string, AnswerValue][] = [];
  for (const question of rules.questions) {
    const checked = checkAnswer(question, answerOf(request.answers, question.id), normalizePhone);
    if (!checked.ok) fail(`answers.${question.id}`, checked.message);
    else if (checked.value !== undefined) checkedAnswers.push([question.id, checked.value]);
  }
  // fromEntries defines own properties: no key (not even __proto__) reaches a prototype.
  const answers: Record<string, AnswerValue> = Object.fromEntries(checkedAnswers);

  // The checkbox is the client's; the server is where accepting the terms is actually required.
  if (rules.priceAmount != null && rules.paymentTerms && request.paymentTermsAccepted !== true) {
    fail("paymentTermsAccepted", message("payment.acceptTerms"));
  }

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
    occurrences,
    // Consent to texts goes with a number to text.
    smsConsent: phone !== null && request.smsConsent === true,
  };
}
