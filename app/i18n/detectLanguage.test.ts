import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detectLanguage";

const available = ["en", "de", "de-du", "fa"];

describe("detectLanguage", () => {
  it("prefers the language cookie over the browser", () => {
    expect(detectLanguage("de-du", ["fa-IR", "en"], available)).toBe("de-du");
  });

  it("falls back to the first browser language with a catalog", () => {
    expect(detectLanguage(undefined, ["it-IT", "de-AT", "en"], available)).toBe("de");
    expect(detectLanguage("xx", ["FA"], available)).toBe("fa");
  });

  it("is en when nothing matches", () => {
    expect(detectLanguage(undefined, [], available)).toBe("en");
    expect(detectLanguage("it", ["ja-JP"], available)).toBe("en");
  });
});
