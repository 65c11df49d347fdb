import { describe, expect, it } from "vitest";
import type { PublicEventType } from "./bookingApi";
import { detailsBody, prefillDetails, validateDetails } from "./detailsForm";

const eventType: PublicEventType = {
  kind: "ONE_ON_ONE",
  title: "Intro",
  slug: "intro",
  description: "",
  duration: 30,
  durations: [30],
  locations: [
    { type: "ZOOM", options: {} },
    { type: "PHONE_CALL", options: { direction: "HOST_CALLS_INVITEE" } },
    { type: "IN_PERSON", options: { address: "Main St 1" } },
  ],
  seats: null,
  questions: [
    { id: "topic", type: "SHORT_TEXT", label: "Topic", required: true, options: [] },
    { id: "size", type: "SINGLE_CHOICE", label: "Size", required: false, options: ["S", "M"] },
    { id: "ok", type: "CHECKBOX", label: "Agree", required: true, options: [] },
  ],
  price: null,
  requiresEmailVerification: false,
  lockTimeZone: false,
  timeZone: "Europe/Berlin",
  bookable: true,
  hosts: [],
  owner: { kind: "user", name: "Ana", slug: "ana", avatarUrl: null },
  team: null,
};

const alwaysValid = () => true;

describe("prefillDetails", () => {
  it("reads name, email, mobile, location and answers a1..a20 from the query", () => {
    const values = prefillDetails(
      "?first_name=Ana&last_name=Lee&email=ana%40x.io&mobile=%2B4930123&location=phone_call&a1=Pricing&a2=M&a3=true",
      eventType,
    );
    expect(values).toMatchObject({
      name: "Ana Lee",
      email: "ana@x.io",
      location: 1,
      locationPhone: "+4930123",
      answers: { topic: "Pricing", size: "M", ok: true },
    });
  });

  it("ignores choices that are not offered", () => {
    expect(prefillDetails("?a2=XL", eventType).answers).toEqual({});
  });
});

describe("validateDetails", () => {
  it("names every missing or wrong field with the spec's messages", () => {
    const values = prefillDetails("?email=nope&a1=", eventType);
    expect(validateDetails(eventType, values, alwaysValid)).toEqual({
      name: "errors.required",
      email: "errors.email",
      location: "details.selectOption",
      "answers.topic": "errors.required",
      "answers.ok": "errors.required",
    });
  });

  it("checks email addresses as the server does", () => {
    const values = prefillDetails("?name=Ana&a1=x&a3=true", eventType);
    const check = (email: string, guests = "") =>
      validateDetails(eventType, { ...values, location: 0, email, guests }, alwaysValid);
    expect(check("ana@x.io")).toEqual({});
    expect(check("ana@x.i")).toEqual({ email: "errors.email" });
    expect(check("ana@x.io", "b@c.co, .b@c.co")).toEqual({
      guests: { key: "details.invalidGuest", params: { address: "\u2068.b@c.co\u2069" } },
    });
  });

  it("asks to select an option for a required choice left open", () => {
    const required = {
      ...eventType,
      questions: [{ ...eventType.questions[1]!, required: true }],
    };
    const values = prefillDetails("?name=Ana&email=ana%40x.io", required);
    expect(validateDetails(required, { ...values, location: 0 }, alwaysValid)).toEqual({
      "answers.size": "details.selectOption",
    });
  });

  it("allows at most GUESTS_MAX guests", () => {
    const values = { ...prefillDetails("?name=Ana&email=ana%40x.io&a1=x&a3=true", eventType) };
    const guests = (n: number) => Array.from({ length: n }, (_, i) => `g${i}@x.io`).join(", ");
    const check = (n: number) =>
      validateDetails(eventType, { ...values, location: 0, guests: guests(n) }, alwaysValid);
    expect(check(10)).toEqual({});
    expect(check(11)).toEqual({ guests: "details.tooManyGuests" });
  });

  it("checks the phone of a location the host calls, and answer lengths", () => {
    const values = {
      ...prefillDetails("?name=Ana&email=a%40b.co&a3=1", eventType),
      location: 1,
      locationPhone: "+49 1",
      answers: { topic: "x".repeat(256), ok: true },
    };
    expect(validateDetails(eventType, values, () => false)).toEqual({
      "location.value": "details.invalidPhone",
      "answers.topic": "details.invalidAnswer",
    });
  });
});

describe("detailsBody", () => {
  it("sends the chosen location with its detail and compact phone numbers", () => {
    const values = {
      ...prefillDetails("?name=Ana&email=a%40b.co&a1=Hi&a3=yes", eventType),
      location: 1,
      locationPhone: "+49 30 1234567",
      guests: "b@c.co, d@e.co",
    };
    expect(detailsBody(eventType, values)).toEqual({
      name: "Ana",
      email: "a@b.co",
      guests: ["b@c.co", "d@e.co"],
      location: { type: "PHONE_CALL", value: "+49301234567" },
      answers: { topic: "Hi", ok: true },
    });
    expect(detailsBody(eventType, { ...values, location: 2 }).location).toEqual({
      type: "IN_PERSON",
      value: "Main St 1",
    });
  });
});

describe("the mobile number for texts", () => {
  const texting = { ...eventType, textsInvitee: true };
  const filled = {
    ...prefillDetails("?name=Ana&email=a%40b.co&a1=Hi&a3=yes", texting),
    location: 0,
  };

  it("is prefilled from mobile only where a workflow texts the invitee, never with consent", () => {
    expect(prefillDetails("?mobile=%2B4930123", texting)).toMatchObject({
      phone: "+4930123",
      smsConsent: false,
    });
    expect(prefillDetails("?mobile=%2B4930123", eventType).phone).toBe("");
  });

  it("is optional, checked when given, and needed once the invitee agrees to texts", () => {
    expect(validateDetails(texting, filled, () => false)).toEqual({});
    expect(validateDetails(texting, { ...filled, smsConsent: true }, alwaysValid)).toEqual({
      phone: "errors.required",
    });
    expect(validateDetails(texting, { ...filled, phone: "+49 1" }, () => false)).toEqual({
      phone: "details.invalidPhone",
    });
    const agreed = { ...filled, phone: "+49 30 1234567", smsConsent: true };
    expect(validateDetails(texting, agreed, alwaysValid)).toEqual({});
  });

  it("is sent with the consent as the booking's phone, compact", () => {
    const agreed = { ...filled, phone: "+49 30 1234567", smsConsent: true };
    expect(detailsBody(texting, agreed)).toMatchObject({
      phone: "+49301234567",
      smsConsent: true,
    });
    expect(detailsBody(texting, { ...agreed, smsConsent: false })).toMatchObject({
      phone: "+49301234567",
      smsConsent: false,
    });
    expect(detailsBody(texting, filled)).not.toHaveProperty("phone");
    expect(detailsBody(texting, filled)).not.toHaveProperty("smsConsent");
    expect(detailsBody(eventType, agreed)).not.toHaveProperty("phone");
  });
});
