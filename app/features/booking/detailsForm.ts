import { answerOf } from "../../../core/booking/answerOf";
import { type AnswerValue, checkAnswer } from "../../../core/booking/checkAnswer";
import { checkGuests } from "../../../core/booking/checkGuests";
import { checkPhone } from "../../../core/booking/checkPhone";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "../../../core/eventTypes/textLimits";
import type { Message, MessageKey } from "../../../core/messages";
import { isEmailAddress } from "../../../core/validation/emailAddress";
import type { PublicEventType, PublicLocation, PublicQuestion } from "./bookingApi";
import { needsInviteePhone } from "./locationText";

export type { AnswerValue };

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
  /** The mobile number for texts, asked when a workflow texts the invitee. */
  phone: string;
  /** The invitee ticked the (unticked by default) consent to texts. */
  smsConsent: boolean;
}

/** Catalog keys of the form's messages (spec §5). */
export type DetailsError =
  | "errors.required"
  | "details.cardRequired"
  | "details.acceptTermsRequired"
  | "errors.email"
  | "details.invalidPhone"
  | "details.invalidAnswer"
  | "details.selectOption"
  | "details.tooManyGuests"
  // Names the address: in a list of guests, which one is wrong.
  | { key: "details.invalidGuest"; params: { address: string } };

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
    phone: eventType.textsInvitee ? mobile : "",
    smsConsent: false,
  };
}

/** The location chosen in the form, when any. */
export function chosenLocation(
  eventType: PublicEventType,
  values: DetailsValues,
): PublicLocation | null {
  return values.location === null ? null : (eventType.locations[values.location] ?? null);
}

// The core checks are the server's; the form shows their messages from its own catalog.
const formKeys: Partial<Record<MessageKey, DetailsError>> = {
  "general.required": "errors.required",
  "fields.invalidEmail": "errors.email",
  "fields.selectOption": "details.selectOption",
  "fields.invalidPhone": "details.invalidPhone",
  "fields.invalidAnswer": "details.invalidAnswer",
  "fields.atMostGuests": "details.tooManyGuests",
};
const formKey = (reason: Message): DetailsError =>
  reason.key === "fields.invalidGuestEmail"
    ? { key: "details.invalidGuest", params: { address: String(reason.params.address) } }
    : (formKeys[reason.key] ?? "details.invalidAnswer");

const isChoice = (question: PublicQuestion) =>
  question.type === "SINGLE_CHOICE" || question.type === "MULTIPLE_CHOICE";

/**
 * The form's errors by field name ("name", "email", "answers.<id>", "location.value"...),
 * as catalog keys, by the server's own checks (core/booking). `phoneValid(field, text)` says
 * whether a phone field holds a valid number (the phone input knows the chosen country).
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
  const email = values.email.trim();
  if (!email) errors.email = "errors.required";
  else if (!isEmailAddress(email)) errors.email = "errors.email";
  const guests = checkGuests(splitGuests(values.guests));
  if (guests) errors.guests = formKey(guests);

  if (eventType.locations.length > 1 && values.location === null) {
    errors.location = "details.selectOption";
  }
  const location = chosenLocation(eventType, values);
  if (location && needsInviteePhone(location)) {
    const phone = checkPhone(values.locationPhone, (text) =>
      phoneValid("location.value", text) ? text : null,
    );
    if (!phone.ok) errors["location.value"] = formKey(phone.message);
  }

  if (eventType.textsInvitee) {
    const error = smsPhoneError(values, phoneValid);
    if (error) errors.phone = error;
  }

  for (const question of eventType.questions) {
    const field = `answers.${question.id}`;
    const value = answerOf(values.answers, question.id);
    const checked = checkAnswer(question, value, (text) => (phoneValid(field, text) ? text : null));
    if (checked.ok) continue;
    // A required choice left open asks to select an option, as the choices' own prompt.
    const unanswered = checked.message.key === "general.required" && isChoice(question);
    errors[field] = unanswered ? "details.selectOption" : formKey(checked.message);
  }
  return errors;
}

/**
 * The mobile number for texts is optional, but needed once the invitee agrees to texts, and
 * checked when given, as the server does.
 */
function smsPhoneError(
  values: DetailsValues,
  phoneValid: (field: string, text: string) => boolean,
): DetailsError | null {
  if (values.phone.trim() === "" && !values.smsConsent) return null;
  const phone = checkPhone(values.phone, (text) => (phoneValid("phone", text) ? text : null));
  return phone.ok ? null : formKey(phone.message);
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
  const smsPhone = eventType.textsInvitee ? compactPhone(values.phone) : "";
  return {
    ...name,
    ...(values.salutation ? { salutation: values.salutation } : {}),
    ...(smsPhone ? { phone: smsPhone, smsConsent: values.smsConsent } : {}),
    email: values.email.trim(),
    guests: splitGuests(values.guests),
    ...(locationField ? { location: locationField } : {}),
    answers,
  };
}
