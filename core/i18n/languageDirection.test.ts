import { describe, expect, it } from "vitest";
import { languageDirection } from "./languageDirection";

describe("languageDirection", () => {
  it("is ltr for the spec's left-to-right languages", () => {
    for (const language of ["en", "de", "de-du", "nl", "fi", "es", "fr", "pl", "DE-DU"]) {
      expect(languageDirection(language)).toBe("ltr");
    }
  });

  it("is rtl for Arabic and Persian", () => {
    expect(languageDirection("ar")).toBe("rtl");
    expect(languageDirection("fa")).toBe("rtl");
  });
});
