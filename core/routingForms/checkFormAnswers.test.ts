import { describe, expect, it } from "vitest";
import { normalizePhoneNumber } from "../booking/normalizePhoneNumber";
import { message } from "../messages";
import { checkFormAnswer, checkFormAnswers } from "./checkFormAnswers";
import { testField } from "./testing/formFixtures";

const phone = (text: string) => normalizePhoneNumber(text, "Europe/Berlin");
const check = (field: Parameters<typeof testField>, raw: unknown) =>
  checkFormAnswer(testField(...field), raw, phone);

describe("checkFormAnswer", () => {
  it("says 'Required' for a required answer left blank, 'Please select an option' for a choice", () => {
    expect(check(["a", "SHORT_TEXT", { required: true }], "  ")).toEqual({
      ok: false,
      message: message("general.required"),
    });
    expect(check(["a", "NUMBER", { required: true }], "")).toEqual({
      ok: false,
      message: message("general.required"),
    });
    expect(check(["a", "CHECKBOX", { required: true }], false)).toEqual({
      ok: false,
      message: message("general.required"),
    });
    for (const type of ["SINGLE_SELECT", "RADIO", "MULTI_SELECT"] as const) {
      expect(check(["a", type, { required: true, options: ["x"] }], undefined)).toEqual({
        ok: false,
        message: message("fields.selectOption"),
      });
    }
    expect(check(["a", "EMAIL"], "")).toEqual({ ok: true, value: undefined });
  });

  it("keeps short text to 255 characters and long text to 1000", () => {
    expect(check(["a", "SHORT_TEXT"], "x".repeat(255))).toEqual({
      ok: true,
      value: "x".repeat(255),
    });
    expect(check(["a", "SHORT_TEXT"], "x".repeat(256))).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
    expect(check(["a", "LONG_TEXT"], "x".repeat(1000)).ok).toBe(true);
    expect(check(["a", "LONG_TEXT"], "x".repeat(1001))).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
    expect(check(["a", "SHORT_TEXT"], 5)).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
  });

  it("reads numbers from numbers or text, refusing anything else", () => {
    expect(check(["a", "NUMBER"], 12)).toEqual({ ok: true, value: 12 });
    expect(check(["a", "NUMBER"], " -3.5 ")).toEqual({ ok: true, value: -3.5 });
    expect(check(["a", "NUMBER"], "2,5")).toEqual({ ok: true, value: 2.5 });
    for (const bad of ["12abc", "1e5", "Infinity", Number.NaN, true, ["1"]]) {
      expect(check(["a", "NUMBER"], bad)).toEqual({
        ok: false,
        message: message("fields.invalidAnswer"),
      });
    }
  });

  it("checks email addresses with the booking form's pattern", () => {
    expect(check(["a", "EMAIL"], " ann@example.com ")).toEqual({
      ok: true,
      value: "ann@example.com",
    });
    expect(check(["a", "EMAIL"], "ann@")).toEqual({
      ok: false,
      message: message("fields.invalidEmail"),
    });
  });

  it("stores phone numbers in international form", () => {
    expect(check(["a", "PHONE"], "+49 30 1234567")).toEqual({ ok: true, value: "+49301234567" });
    expect(check(["a", "PHONE"], "12")).toEqual({
      ok: false,
      message: message("fields.invalidPhone"),
    });
  });

  it("takes only offered options, and at most the field's maximum", () => {
    expect(check(["a", "SINGLE_SELECT", { options: ["x", "y"] }], "y")).toEqual({
      ok: true,
      value: "y",
    });
    expect(check(["a", "RADIO", { options: ["x"] }], "z")).toEqual({
      ok: false,
      message: message("fields.selectOption"),
    });
    const multi = { options: ["x", "y", "z"], maxSelected: 2 };
    expect(check(["a", "MULTI_SELECT", multi], ["x", "y", "x"])).toEqual({
      ok: true,
      value: ["x", "y"],
    });
    expect(check(["a", "MULTI_SELECT", multi], ["x", "y", "z"])).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
    expect(check(["a", "MULTI_SELECT", multi], ["w"])).toEqual({
      ok: false,
      message: message("fields.selectOption"),
    });
  });

  it("takes answers beyond the options only for a dropdown in new-option mode", () => {
    const open = { options: ["x", "y"], allowNewOptions: true, maxSelected: 2 };
    expect(check(["a", "MULTI_SELECT", open], [" Other tool ", "x", "Other tool"])).toEqual({
      ok: true,
      value: ["Other tool", "x"],
    });
    expect(check(["a", "MULTI_SELECT", open], "Mine")).toEqual({ ok: true, value: ["Mine"] });
    expect(check(["a", "MULTI_SELECT", open], ["p", "q", "r"])).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
    for (const bad of [["x", "  "], ["x", 3], ["z".repeat(201)], { x: true }]) {
      expect(check(["a", "MULTI_SELECT", open], bad)).toEqual({
        ok: false,
        message: message("fields.invalidAnswer"),
      });
    }
    expect(
      check(["a", "MULTI_SELECT", { options: ["x"], allowNewOptions: false }], ["Mine"]),
    ).toEqual({ ok: false, message: message("fields.selectOption") });
    // A single-choice dropdown in new-option mode takes one typed answer, trimmed.
    const single = { options: ["x"], allowNewOptions: true };
    expect(check(["a", "SINGLE_SELECT", single], " Mine ")).toEqual({ ok: true, value: "Mine" });
    expect(check(["a", "SINGLE_SELECT", single], "x")).toEqual({ ok: true, value: "x" });
    for (const bad of [["Mine"], 3, "z".repeat(201), { x: true }]) {
      expect(check(["a", "SINGLE_SELECT", single], bad)).toEqual({
        ok: false,
        message: message("fields.invalidAnswer"),
      });
    }
    expect(
      check(["a", "SINGLE_SELECT", { options: ["x"], allowNewOptions: false }], "Mine"),
    ).toEqual({ ok: false, message: message("fields.selectOption") });
    // The flag is only the dropdowns': radio buttons take only their options.
    expect(check(["a", "RADIO", { options: ["x"], allowNewOptions: true }], "Mine")).toEqual({
      ok: false,
      message: message("fields.selectOption"),
    });
  });

  it("takes a ticked checkbox only as true", () => {
    expect(check(["a", "CHECKBOX"], true)).toEqual({ ok: true, value: true });
    expect(check(["a", "CHECKBOX"], "yes")).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
  });
});

describe("checkFormAnswers", () => {
  const fields = [testField("name", "SHORT_TEXT", { required: true }), testField("mail", "EMAIL")];

  it("returns the checked answers, dropping unknown and empty ones", () => {
    expect(checkFormAnswers(fields, { name: " Ann ", mail: "", other: "x" }, phone)).toEqual({
      ok: true,
      answers: { name: "Ann" },
    });
  });

  it("returns every refused field's message by field id", () => {
    expect(checkFormAnswers(fields, { mail: "nope" }, phone)).toEqual({
      ok: false,
      errors: { name: message("general.required"), mail: message("fields.invalidEmail") },
    });
  });

  it("does not read inherited properties as answers", () => {
    const proto = [testField("toString", "SHORT_TEXT", { required: true })];
    expect(checkFormAnswers(proto, {}, phone).ok).toBe(false);
  });
});
