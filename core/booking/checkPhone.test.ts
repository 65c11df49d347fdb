import { describe, expect, it } from "vitest";
import { message } from "../messages";
import { checkPhone } from "./checkPhone";
import { normalizePhoneNumber } from "./normalizePhoneNumber";

describe("checkPhone", () => {
  const berlin = (text: string) => normalizePhoneNumber(text, "Europe/Berlin");

  it("gives the number in E.164 form", () => {
    expect(checkPhone("030 901820", berlin)).toEqual({ ok: true, value: "+4930901820" });
  });

  it("asks for a number when blank and refuses an invalid one", () => {
    expect(checkPhone("  ", berlin)).toEqual({ ok: false, message: message("general.required") });
    expect(checkPhone("12", berlin)).toEqual({
      ok: false,
      message: message("fields.invalidPhone"),
    });
  });
});
