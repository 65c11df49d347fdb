import { describe, expect, it } from "vitest";
import { brandShades, contrastRatio } from "./brandShades";

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#1d4ed8", "#1d4ed8")).toBe(1);
  });

  it("matches the WCAG figures of known pairs", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#1d4ed8")).toBeCloseTo(6.7, 1);
  });
});

describe("brandShades", () => {
  it("keeps a dark primary as it is for fills and borders", () => {
    const shades = brandShades("#1d4ed8");
    expect(shades.fill).toBe("#1d4ed8");
    expect(shades.border).toBe("#1d4ed8");
    expect(contrastRatio(shades.text, "#fff")).toBeGreaterThanOrEqual(4.5);
  });

  it.each(["#ffeb3b", "#0a7", "#f0f", "#a5f3fc", "#ffffff"])(
    "darkens text to 4.5:1 and borders to 3:1 on white for %s",
    (primary) => {
      const shades = brandShades(primary);
      expect(contrastRatio(shades.text, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shades.border, "#ffffff")).toBeGreaterThanOrEqual(3);
      // Only as much as needed: one step less dark would not do.
      expect(contrastRatio(shades.border, "#ffffff")).toBeLessThan(3.3);
    },
  );
});
