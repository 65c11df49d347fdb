import { describe, expect, it } from "vitest";
import { maxSelectedFits, maxSelectedFromText, moved } from "./FieldsEditor";

describe("the builder's most answers of a multiple-choice question", () => {
  it("reads the typed digits, empty as no maximum", () => {
    expect(maxSelectedFromText("")).toBeNull();
    expect(maxSelectedFromText(" ")).toBeNull();
    expect(maxSelectedFromText("3")).toBe(3);
    expect(maxSelectedFromText("1a2")).toBe(12);
    expect(maxSelectedFromText("0")).toBe(0);
    expect(maxSelectedFromText("123456")).toBe(1234);
  });

  it("takes none or a whole number from 1 to 100", () => {
    expect(maxSelectedFits(null)).toBe(true);
    expect(maxSelectedFits(1)).toBe(true);
    expect(maxSelectedFits(100)).toBe(true);
    expect(maxSelectedFits(0)).toBe(false);
    expect(maxSelectedFits(101)).toBe(false);
    expect(maxSelectedFits(1.5)).toBe(false);
  });

  it("moves a question up and down within the list", () => {
    expect(moved(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});
