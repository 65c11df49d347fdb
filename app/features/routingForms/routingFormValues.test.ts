import { describe, expect, it } from "vitest";
import { formErrors, type PublicFormField, utmOf } from "./routingFormValues";

const field = (
  id: string,
  type: PublicFormField["type"],
  extra: Partial<PublicFormField> = {},
): PublicFormField => ({
  id,
  type,
  label: id,
  required: false,
  helpText: "",
  options: [],
  maxSelected: null,
  allowNewOptions: false,
  ...extra,
});

describe("formErrors", () => {
  it("says the booking form's messages for the server's checks", () => {
    const fields = [
      field("name", "SHORT_TEXT", { required: true }),
      field("mail", "EMAIL"),
      field("size", "NUMBER"),
      field("plan", "RADIO", { options: ["A"], required: true }),
      field("tel", "PHONE"),
    ];
    expect(formErrors(fields, { mail: "x@", size: "ten", tel: "123" }, () => false)).toEqual({
      name: "errors.required",
      mail: "errors.email",
      size: "details.invalidAnswer",
      plan: "details.selectOption",
      tel: "details.invalidPhone",
    });
    expect(formErrors(fields, { name: "Ann", plan: "A", tel: "+4930123456" }, () => true)).toEqual(
      {},
    );
  });
});

describe("utmOf", () => {
  it("keeps only the UTM parameters", () => {
    expect(utmOf("?utm_source=news&name=Ann&utm_term=+x+")).toEqual({
      utm_source: "news",
      utm_term: "x",
    });
  });
});
