import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import type { EventLocation, Question } from "../eventTypes/eventTypeSchema";
import { decodeMessage } from "../issueMessage";
import { message } from "../messages";
import { GUESTS_MAX } from "./bookingFormLimits";
import { type BookingRequest, bookingRequestSchema } from "./bookingRequestSchema";
import { type BookableRules, validateBookingRequest } from "./validateBookingRequest";

const questions: Question[] = [
  { id: "topic", type: "SHORT_TEXT", label: "Topic", required: true, options: [] },
  { id: "notes", type: "LONG_TEXT", label: "Notes", required: false, options: [] },
  { id: "size", type: "SINGLE_CHOICE", label: "Size", required: false, options: ["S", "L"] },
  { id: "tools", type: "MULTIPLE_CHOICE", label: "Tools", required: false, options: ["x", "y"] },
  { id: "terms", type: "CHECKBOX", label: "Terms", required: true, options: [] },
  { id: "mobile", type: "PHONE", label: "Mobile", required: false, options: [] },
];
const zoom: EventLocation = { type: "ZOOM", options: { url: "https://zoom.example.com/j/1" } };
const rules: BookableRules = { duration: 30, durations: [30, 60], locations: [zoom], questions };

/** A parsed request, with the language the route adds (the body's, else the request's). */
function request(overrides: Record<string, unknown> = {}) {
  const parsed: BookingRequest = bookingRequestSchema.parse({
    userLink: "ada",
    eventTypeLink: "intro",
    start: "2026-11-23T08:00:00Z",
    timezone: "Europe/Berlin",
    name: "Grace Hopper",
    email: "Grace@Example.com",
    answers: { topic: "Compilers", terms: true },
    ...overrides,
  });
  return { ...parsed, language: parsed.language ?? ("en" as const) };
}

function fieldsOf(run: () => unknown): Record<string, unknown[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.code === "VALIDATION") return error.fields ?? {};
    throw error;
  }
  throw new Error("expected a VALIDATION error");
}

describe("validateBookingRequest", () => {
  it("needs a paid type's payment terms accepted, and only a paid type's", () => {
    const paid = { ...rules, priceAmount: 2500, paymentTerms: "Paid in advance." };
    expect(fieldsOf(() => validateBookingRequest(paid, request()))).toEqual({
      paymentTermsAccepted: [message("payment.acceptTerms")],
    });
    expect(
      fieldsOf(() => validateBookingRequest(paid, request({ paymentTermsAccepted: false }))),
    ).toEqual({ paymentTermsAccepted: [message("payment.acceptTerms")] });
    expect(() =>
      validateBookingRequest(paid, request({ paymentTermsAccepted: true })),
    ).not.toThrow();
    // Terms left from a price since removed bind nobody; a price without terms asks nothing.
    const free = { ...rules, priceAmount: null, paymentTerms: "Paid in advance." };
    expect(() => validateBookingRequest(free, request())).not.toThrow();
    const noTerms = { ...rules, priceAmount: 2500, paymentTerms: null };
    expect(() => validateBookingRequest(noTerms, request())).not.toThrow();
  });

  it("returns the details in stored form", () => {
    const details = validateBookingRequest(
      rules,
      request({ guests: ["a@example.com", "grace@example.com"], phone: "030 901820" }),
    );
    expect(details).toMatchObject({
      start: Date.UTC(2026, 10, 23, 8),
      duration: 30,
      name: "Grace Hopper",
      email: "grace@example.com",
      guests: ["a@example.com"],
      phone: "+4930901820",
      location: { type: "ZOOM", value: "https://zoom.example.com/j/1" },
      answers: { topic: "Compilers", terms: true },
      language: "en",
      timeZone: "Europe/Berlin",
    });
  });

  it("builds the name from first and last name", () => {
    const details = validateBookingRequest(
      rules,
      request({ name: undefined, firstName: "Ada", lastName: "Lovelace", salutation: "Ms" }),
    );
    expect(details).toMatchObject({ name: "Ada Lovelace", firstName: "Ada", salutation: "Ms" });
  });

  it("answers 'Required' for a missing required answer and an unticked required checkbox", () => {
    expect(fieldsOf(() => validateBookingRequest(rules, request({ answers: {} })))).toEqual({
      "answers.topic": [message("general.required")],
      "answers.terms": [message("general.required")],
    });
  });

  it("limits short answers to 255 and long ones to 1000 characters", () => {
    const ok = request({
      answers: { topic: "x".repeat(255), terms: true, notes: "y".repeat(1000) },
    });
    expect(() => validateBookingRequest(rules, ok)).not.toThrow();
    const long = request({
      answers: { topic: "x".repeat(256), terms: true, notes: "y".repeat(1001) },
    });
    expect(fieldsOf(() => validateBookingRequest(rules, long))).toEqual({
      "answers.topic": [message("fields.invalidAnswer")],
      "answers.notes": [message("fields.invalidAnswer")],
    });
  });

  it("requires choices to be among the options", () => {
    const bad = request({ answers: { topic: "t", terms: true, size: "XL", tools: ["x", "z"] } });
    expect(fieldsOf(() => validateBookingRequest(rules, bad))).toEqual({
      "answers.size": [message("fields.selectOption")],
      "answers.tools": [message("fields.selectOption")],
    });
  });

  it("checks phone numbers of the form and of phone questions", () => {
    const bad = request({ phone: "12", answers: { topic: "t", terms: true, mobile: "abc" } });
    expect(fieldsOf(() => validateBookingRequest(rules, bad))).toEqual({
      phone: [message("fields.invalidPhone")],
      "answers.mobile": [message("fields.invalidPhone")],
    });
  });

  it("keeps consent to texts only with a valid number, and asks for the number when consenting", () => {
    expect(fieldsOf(() => validateBookingRequest(rules, request({ smsConsent: true })))).toEqual({
      phone: [message("general.required")],
    });
    expect(
      fieldsOf(() => validateBookingRequest(rules, request({ smsConsent: true, phone: "0000" }))),
    ).toEqual({ phone: [message("fields.invalidPhone")] });
    const agreed = validateBookingRequest(
      rules,
      request({ smsConsent: true, phone: "030 901820" }),
    );
    expect({ phone: agreed.phone, smsConsent: agreed.smsConsent }).toEqual({
      phone: "+4930901820",
      smsConsent: true,
    });
    const declined = validateBookingRequest(rules, request({ phone: "030 901820" }));
    expect(declined.smsConsent).toBe(false);
    expect(validateBookingRequest(rules, request()).smsConsent).toBe(false);
  });

  it("only offers the event type's durations", () => {
    expect(fieldsOf(() => validateBookingRequest(rules, request({ duration: 45 })))).toEqual({
      duration: [message("fields.selectOption")],
    });
    expect(validateBookingRequest(rules, request({ duration: 60 })).duration).toBe(60);
  });

  it("drops answers to unknown questions", () => {
    const details = validateBookingRequest(
      rules,
      request({ answers: { topic: "t", terms: true, other: "x" } }),
    );
    expect(details.answers).toEqual({ topic: "t", terms: true });
  });
});

describe("locations", () => {
  const withLocations = (locations: EventLocation[]) => ({ ...rules, locations, questions: [] });
  const hostCalls: EventLocation = {
    type: "PHONE_CALL",
    options: { direction: "HOST_CALLS_INVITEE" },
  };
  const inviteeCalls: EventLocation = {
    type: "PHONE_CALL",
    options: { direction: "INVITEE_CALLS_HOST", phone: "+4930901820" },
  };
  const office: EventLocation = { type: "IN_PERSON", options: { address: "Main St 1" } };
  const branch: EventLocation = { type: "IN_PERSON", options: { address: "Side St 2" } };

  it("takes the only location when none is sent", () => {
    expect(validateBookingRequest(withLocations([office]), request()).location).toEqual({
      type: "IN_PERSON",
      value: "Main St 1",
    });
  });

  it("asks to choose among several, and refuses a type not offered", () => {
    expect(
      fieldsOf(() => validateBookingRequest(withLocations([office, zoom]), request())),
    ).toEqual({ location: [message("fields.selectOption")] });
    const teams = request({ location: { type: "MICROSOFT_TEAMS" } });
    expect(fieldsOf(() => validateBookingRequest(withLocations([office, zoom]), teams))).toEqual({
      location: [message("fields.selectOption")],
    });
  });

  it("tells two in-person locations apart by address", () => {
    const chosen = request({ location: { type: "IN_PERSON", value: "Side St 2" } });
    expect(validateBookingRequest(withLocations([office, branch]), chosen).location).toEqual({
      type: "IN_PERSON",
      value: "Side St 2",
    });
  });

  it("needs the invitee's valid phone when the host calls", () => {
    const none = request({ location: { type: "PHONE_CALL" } });
    expect(fieldsOf(() => validateBookingRequest(withLocations([hostCalls]), none))).toEqual({
      "location.value": [message("fields.invalidPhone")],
    });
    const given = request({ location: { type: "PHONE_CALL", value: "+1 212 555 0123" } });
    expect(validateBookingRequest(withLocations([hostCalls]), given).location).toEqual({
      type: "PHONE_CALL",
      value: "+12125550123",
    });
  });

  it("gives the host's number when the invitee calls", () => {
    const given = request({ location: { type: "PHONE_CALL" } });
    expect(
      validateBookingRequest(withLocations([hostCalls, inviteeCalls]), given).location,
    ).toEqual({ type: "PHONE_CALL", value: "+4930901820" });
  });
});

describe("validateBookingRequest and prototype names", () => {
  const named = (id: string, required = true): Question => ({
    id,
    type: "SHORT_TEXT",
    label: id,
    required,
    options: [],
  });
  const withQuestions = (...list: Question[]): BookableRules => ({ ...rules, questions: list });

  it("treats questions named like Object.prototype members as unanswered until answered", () => {
    const optional = withQuestions(named("constructor", false), named("toString", false));
    expect(validateBookingRequest(optional, request({ answers: {} })).answers).toEqual({});

    const required = withQuestions(named("constructor"), named("toString"));
    expect(fieldsOf(() => validateBookingRequest(required, request({ answers: {} })))).toEqual({
      "answers.constructor": [message("general.required")],
      "answers.toString": [message("general.required")],
    });
    const details = validateBookingRequest(
      required,
      request({ answers: { constructor: "Ships", toString: "Steam" } }),
    );
    expect(details.answers).toEqual({ constructor: "Ships", toString: "Steam" });
    expect(Object.getPrototypeOf(details.answers)).toBe(Object.prototype);
  });

  it("never lets an answer key reach the answers' prototype", () => {
    const body = JSON.parse(
      '{"__proto__": ["polluted"], "constructor": "x", "toString": "y", "topic": "Compilers", "terms": true}',
    );
    const details = validateBookingRequest(rules, request({ answers: body }));
    expect(details.answers).toEqual({ topic: "Compilers", terms: true });
    expect(Object.getPrototypeOf(details.answers)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("bookingRequestSchema", () => {
  const parse = (overrides: Record<string, unknown>) =>
    bookingRequestSchema.safeParse({
      sharedLink: "abc",
      start: "2026-11-23T08:00:00Z",
      timezone: "Europe/Berlin",
      name: "Grace",
      email: "grace@example.com",
      ...overrides,
    });
  const messages = (overrides: Record<string, unknown>) => {
    const result = parse(overrides);
    return result.success
      ? {}
      : Object.fromEntries(
          result.error.issues.map((i) => [i.path.join("."), decodeMessage(i.message) ?? i.message]),
        );
  };

  it("speaks the spec's messages", () => {
    expect(messages({ email: "nope" })).toEqual({ email: message("fields.invalidEmail") });
    expect(messages({ email: undefined })).toEqual({
      email: message("fields.invalidEmail"),
    });
    expect(messages({ guests: ["x@example.com", "bad"] })).toEqual({
      "guests.1": message("fields.invalidGuestEmail", { address: "\u2068bad\u2069" }),
    });
    expect(messages({ salutation: "Dr" })).toEqual({ salutation: message("fields.selectOption") });
    const guests = (n: number) => Array.from({ length: n }, (_, i) => `g${i}@example.com`);
    expect(messages({ guests: guests(GUESTS_MAX) })).toEqual({});
    expect(messages({ guests: guests(GUESTS_MAX + 1) })).toEqual({
      guests: message("fields.atMostGuests", { count: 10 }),
    });
    expect(messages({ name: undefined })).toEqual({ name: message("general.required") });
    expect(messages({ name: undefined, firstName: "Ada" })).toEqual({
      lastName: message("general.required"),
    });
    expect(messages({ timezone: "Mars/Olympus" })).toEqual({
      timezone: message("time.unknownTimeZone"),
    });
  });

  it("treats empty form fields as absent and needs some link", () => {
    expect(parse({ phone: "", salutation: "", guests: [] }).success).toBe(true);
    expect(Object.keys(messages({ sharedLink: undefined }))).toEqual(["eventTypeLink"]);
  });
});
