import { describe, expect, it } from "vitest";
import { message } from "../messages";
import { type AnswerRules, checkAnswer, isEmptyAnswer } from "./checkAnswer";

const question = (type: AnswerRules["type"], required = false, options: string[] = []) => ({
  type,
  required,
  options,
});
const phone = (text: string) => (text.startsWith("+49") ? text.replace(/\s/g, "") : null);

describe("checkAnswer", () => {
  it("counts blank text, empty lists and unticked boxes as not given", () => {
    for (const value of [undefined, null, false, "  ", []]) expect(isEmptyAnswer(value)).toBe(true);
    expect(isEmptyAnswer("x")).toBe(false);
    expect(checkAnswer(question("SHORT_TEXT", true), " ", phone)).toEqual({
      ok: false,
      message: message("general.required"),
    });
    expect(checkAnswer(question("CHECKBOX"), false, phone)).toEqual({ ok: true, value: undefined });
  });

  it("trims text and refuses it past its limit", () => {
    expect(checkAnswer(question("SHORT_TEXT"), " hi ", phone)).toEqual({ ok: true, value: "hi" });
    expect(checkAnswer(question("SHORT_TEXT"), "x".repeat(256), phone)).toEqual({
      ok: false,
      message: message("fields.invalidAnswer"),
    });
    expect(checkAnswer(question("LONG_TEXT"), "x".repeat(1000), phone).ok).toBe(true);
  });

  it("takes only offered choices, once each", () => {
    const many = question("MULTIPLE_CHOICE", false, ["a", "b"]);
    expect(checkAnswer(many, ["a", "a", "b"], phone)).toEqual({ ok: true, value: ["a", "b"] });
    expect(checkAnswer(question("SINGLE_CHOICE", false, ["a"]), "c", phone)).toEqual({
      ok: false,
      message: message("fields.selectOption"),
    });
  });

  it("puts phone answers in the form the normalizer gives", () => {
    expect(checkAnswer(question("PHONE"), "+49 30 1", phone)).toEqual({
      ok: true,
      value: "+49301",
    });
    expect(checkAnswer(question("PHONE"), "12", phone)).toEqual({
      ok: false,
      message: message("fields.invalidPhone"),
    });
  });
});
