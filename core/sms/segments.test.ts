import { describe, expect, it } from "vitest";
import { countSmsSegments, smsEncoding } from "./segments";

describe("countSmsSegments", () => {
  it("counts an empty text as no part", () => {
    expect(countSmsSegments("")).toMatchObject({ encoding: "GSM-7", segments: 0 });
  });

  it("sends 160 GSM characters in one part and 161 in two of up to 153", () => {
    expect(countSmsSegments("a".repeat(160))).toMatchObject({ segments: 1, remaining: 0 });
    expect(countSmsSegments("a".repeat(161))).toMatchObject({
      segments: 2,
      perSegment: 153,
      remaining: 153 - 8,
    });
    expect(countSmsSegments("a".repeat(306)).segments).toBe(2);
    expect(countSmsSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts the extension table's characters as two septets and never splits them", () => {
    expect(countSmsSegments("€".repeat(80))).toMatchObject({
      encoding: "GSM-7",
      units: 160,
      segments: 1,
    });
    // 152 septets then a two-septet euro: the euro cannot share part one's last septet.
    const text = `${"a".repeat(152)}€${"a".repeat(10)}`;
    expect(countSmsSegments(text)).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
  });

  it("turns the whole text into UCS-2 for one character outside GSM", () => {
    expect(smsEncoding("Hello ü")).toBe("GSM-7");
    expect(smsEncoding("Hello ş")).toBe("UCS-2");
    expect(countSmsSegments("مرحبا".repeat(14))).toMatchObject({
      encoding: "UCS-2",
      units: 70,
      segments: 1,
    });
    expect(countSmsSegments("م".repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(countSmsSegments("م".repeat(134)).segments).toBe(2);
    expect(countSmsSegments("م".repeat(135)).segments).toBe(3);
  });

  it("never splits a surrogate pair across parts", () => {
    // 66 code units, then an emoji (2 units): it starts part two.
    const text = `${"ش".repeat(66)}😀${"ش".repeat(10)}`;
    expect(countSmsSegments(text)).toMatchObject({ units: 78, segments: 2, remaining: 67 - 12 });
  });
});
