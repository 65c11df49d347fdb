import { describe, expect, it } from "vitest";
import { variantHeightFor, variantWidthsFor } from "./imageVariants";

describe("variantWidthsFor", () => {
  it("offers only widths narrower than the image: never upscaled", () => {
    expect(variantWidthsFor(4000)).toEqual([480, 960, 1920]);
    expect(variantWidthsFor(1920)).toEqual([480, 960]);
    expect(variantWidthsFor(800)).toEqual([480]);
    expect(variantWidthsFor(480)).toEqual([]);
  });

  it("keeps the aspect ratio, rounded, at least a pixel tall", () => {
    expect(variantHeightFor({ width: 2000, height: 1333 }, 480)).toBe(320);
    expect(variantHeightFor({ width: 5000, height: 2 }, 480)).toBe(1);
  });
});
