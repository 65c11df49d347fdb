import { answerOf } from "../../../core/booking/answerOf";
import { GUESTS_MAX } from "../../../core/booking/bookingLimits";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "../../../core/eventTypes/textLimits";
import type { PublicEventType, PublicLocation, PublicQuestion } from "./bookingApi";
import { needsInviteePhone } from "./locationText";

export type AnswerValue = string | string[] | boolean;

/** What the details form holds. Phone fields hold international text ("+49 30 1234567"). */
export interface DetailsValues {
  name: string;
  firstName: string;
  lastName: string;
  salutation: string;
  email: string;
  /** Guest emails separated by commas, spaces or new lines. */
  guests: string;
  /** Index into the event type's locations; null when none is chosen. */
  location: number | null;
  locationPhone: string;
  answers: Record<string, AnswerValue>;
}

/** Catalog keys of the form's messages (spec §5). */
export type DetailsError =
  | "errors.required"
  | "errors.email"
  | "details.invalidPhone"
  | "details.invalidAnswer"
  | "details.selectOption"
  | "details.tooManyGuests";

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function splitGuests(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((guest) => guest.trim())
    .filter(Boolean);
}

const truthy = (value: string) => ["1", "true", "yes", "on"].includes(value.toLowerCase());

function prefillAnswer(question: PublicQuestion, value: string): AnswerValue | undefined {
  switch (question.type) {
    case "SINGLE_CHOICE":
      return question.options.includes(value) ? value : undefined;
    case "MULTIPLE_CHOICE": {
      const chosen = value.split(",").map((v) => v.trim());
      return question.options.filter((option) => chosen.includes(option));
    }
    case "CHECKBOX":
      return truthy(value);
    case "SHORT_TEXT":
      return value.slice(0, SHORT_ANSWER_MAX);
    case "LONG_TEXT":
      return value.slice(0, LONG_ANSWER_MAX);
    case "PHONE":
      return value;
  }
}

function prefillLocation(locations: PublicLocation[], wanted: string | null): number | null {
  if (locations.length === 1) return 0;
  if (!wanted) return null;
  const lower = wanted.toLowerCase();
  const index = locations.findIndex(
    (location) =>
      location.type.toLowerCase() === lower ||
      location.options?.address?.toLowerCase() === lower ||
      location.options?.custom?.toLowerCase() === lower,
  );
  return index === -1 ? null : index;
}

/**
 * The form's first values from the page's query (spec §3): name, first_name, last_name,
 * email, mobile (the phone fields), location (a kind or an address), a1 to a20 (answers to
 * the questions in order).
 */
export function prefillDetails(search: string, eventType: PublicEventType): DetailsValues {
  const query = new URLSearchParams(search);
  const text = (name: string) => query.get(name)?.trim() ?? "";
  const first = text("first_name");
  const last = text("last_name");
  const mobile = text("mobile");
  const answers: Record<string, AnswerValue> = {};
  eventType.questions.slice(0, 20).forEach((question, index) => {
    const given = query.get(`a${index + 1}`);
    const value =
      given === null
        ? question.type === "PHONE" && mobile
          ? mobile
          : undefined
        : prefillAnswer(question, given);
    if (value !== undefined) answers[question.id] = value;
  });
  return {
    name: text("name") || [first, last].filter(Boolean).join(" "),
    firstName: first || (eventType.askFirstLastName ? (text("name").split(" ")[0] ?? "") : ""),
    lastName: last,
    salutation: "",
    email: text("email"),
    guests: "",
    location: prefillLocation(eventType.locations, query.get("location")),
    locationPhone: mobile,
    answers,
  };
}

/** The location chosen in the form, when any. */
export function chosenLocation(
  eventType: PublicEventType,
  values: DetailsValues,
): PublicLocation | null {
  return values.location === null ? null : (eventType.locations[values.location] ?? null);
}

/**
 * The form's errors by field name ("name", "email", "answers.<id>", "location.value"...),
 * as catalog keys. `phoneValid(field, text)` says whether a phone field holds a valid number.
 */
export function validateDetails(
  eventType: PublicEventType,
  values: DetailsValues,
  phoneValid: (field: string, text: string) => boolean,
): Record<string, DetailsError> {
  const errors: Record<string, DetailsError> = {};
  if (eventType.askFirstLastName) {
    if (!values.firstName.trim()) errors.firstName = "errors.required";
    if (!values.lastName.trim()) errors.lastName = "errors.required";
  } else if (!values.name.trim()) {
    errors.name = "errors.required";
  }
  if (!values.email.trim()) errors.email = "errors.required";
  else if (!emailPattern.test(values.email.trim())) errors.email = "errors.email";
  const guests = splitGuests(values.guests);
  if (guests.length > GUESTS_MAX) errors.guests = "details.tooManyGuests";
  else if (guests.some((guest) => !emailPattern.test(guest))) errors.guests = "errors.email";

  if (eventType.locations.length > 1 && values.location === null) {
    errors.location = "details.selectOption";
  }
  const location = chosenLocation(eventType, values);
  if (location && needsInviteePhone(location)) {
    if (!values.locationPhone.trim()) errors["location.value"] = "errors.required";
    else if (!phoneValid("location.value", values.locationPhone))
      errors["location.value"] = "details.invalidPhone";
  }

  for (const question of eventType.questions) {
    const field = `answers.${question.id}`;
    const value = answerOf(values.answers, question.id);
    const empty =
      value === undefined ||
      value === false ||
      (typeof value === "string" && value.trim() === "") ||
      (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (question.required) {
        errors[field] =
          question.type === "SINGLE_CHOICE" || question.type === "MULTIPLE_CHOICE"
            ? "details.selectOption"
            : "errors.required";
      }
      continue;
    }
    if (typeof value === "string") {
      const max = question.type === "LONG_TEXT" ? LONG_ANSWER_MAX : SHORT_ANSWER_MAX;
      if (question.type === "PHONE" && !phoneValid(field, value))
        errors[field] = "details.invalidPhone";
      else if (value.trim().length > max) errors[field] = "details.invalidAnswer";
    }
  }
  return errors;
}

/** Phone text as the API takes it: digits with a leading +, no formatting. */
export function compactPhone(text: string): string {
  const trimmed = text.trim();
  return (trimmed.startsWith("+") ? "+" : "") + trimmed.replace(/\D/g, "");
}

/** The invitee's part of a POST /api/event body. */
export function detailsBody(eventType: PublicEventType, values: DetailsValues) {
  const location = chosenLocation(eventType, values);
  const answers: Record<string, AnswerValue> = {};
  for (const question of eventType.questions) {
    const value = answerOf(values.answers, question.id);
    if (value === undefined || value === "" || value === false) continue;
    answers[question.id] =
      question.type === "PHONE" && typeof value === "string" ? compactPhone(value) : value;
  }
  const name = eventType.askFirstLastName
    ? { firstName: values.firstName.trim(), lastName: values.lastName.trim() }
    : { name: values.name.trim() };
  let locationField: { type: string; value?: string } | undefined;
  if (location) {
    const value = needsInviteePhone(location)
      ? compactPhone(values.locationPhone)
      : (location.options?.address ?? location.options?.custom);
    locationField = value ? { type: location.type, value } : { type: location.type };
  }
  return {
    ...name,
    ...(values.salutation ? { salutation: values.salutation } : {}),
    email: values.email.trim(),
    guests: splitGuests(values.guests),
    ...(locationField ? { location: locationField } : {}),
    answers,
  };
}
