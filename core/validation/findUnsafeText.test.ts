import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnsafeText, isUnsafeText } from "./findUnsafeText";

describe("isUnsafeText", () => {
  it("refuses NUL and unpaired surrogates anywhere in the text", () => {
    for (const text of [
      "\u0000",
      "a\u0000",
      "\uD800",
      "x\uD83Dy",
      "\uDC00",
      "a\uDE00b",
      "😀\uD800",
    ]) {
      expect(isUnsafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("accepts paired surrogates, other control characters and every script", () => {
    for (const text of [
      "",
      "Zoë",
      "😀",
      "\uD83D\uDE00\uD83D\uDE00",
      "\t\n\u0001",
      "مرحبا",
      "日本",
    ]) {
      expect(isUnsafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("agrees with String.prototype.isWellFormed apart from NUL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const wellFormed = (text as unknown as { isWellFormed(): boolean }).isWellFormed();
        expect(isUnsafeText(text)).toBe(!wellFormed || text.includes("\u0000"));
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe("findUnsafeText", () => {
  it("names the field of the first unsafe string as a dotted path", () => {
    expect(findUnsafeText({ name: "Ada", answers: { q1: ["ok", "b\u0000d"] } })).toBe(
      "answers.q1.1",
    );
    expect(findUnsafeText({ reason: "\uD800" })).toBe("reason");
    expect(findUnsafeText("\u0000")).toBe("_");
  });

  it("names the object holding an unsafe key", () => {
    expect(findUnsafeText({ answers: { "q\u0000": "x" } })).toBe("answers");
    expect(findUnsafeText({ "\uDC00": 1 })).toBe("_");
  });

  it("finds nothing in safe values, numbers, booleans and null", () => {
    expect(findUnsafeText({ a: [1, true, null, { b: "😀" }] })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it("walks any nesting depth without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)*$/);
  });
});
