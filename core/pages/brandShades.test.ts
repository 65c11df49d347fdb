import { describe, expect, it } from "vitest";
import { brandShades, contrastRatio, focusRing } from "./brandShades";

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

describe("focusRing", () => {
  it("keeps the default primary on the default background: 6.7:1 and 6.3:1", () => {
    expect(focusRing("#1d4ed8", "#F2F4F7")).toEqual({ color: "#1d4ed8", halo: null });
  });

  it("darkens a pale primary until it stands 3:1 off the grey page too, not only off white", () => {
    const ring = focusRing("#98aeed", "#F2F4F7");
    expect(contrastRatio("#98aeed", "#F2F4F7")).toBeLessThan(3);
    expect(contrastRatio(ring.color, "#F2F4F7")).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(ring.color, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(ring.halo).toBeNull();
  });

  const primaries = ["#1d4ed8", "#ffeb3b", "#98aeed", "#000000", "#ffffff", "#0a7", "#f0f"];
  const backgrounds = ["#F2F4F7", "#ffffff", "#000000", "#333333", "#444444", "#555555", "#1e3a8a"];
  for (const primary of primaries) {
    it(`reaches 3:1 against white and every background, for ${primary}`, () => {
      for (const background of backgrounds) {
        const { color, halo } = focusRing(primary, background);
        expect(contrastRatio(color, "#ffffff"), background).toBeGreaterThanOrEqual(3);
        if (halo) {
          // The ring stands off its white band, and the band off the background.
          expect(contrastRatio(color, halo), background).toBeGreaterThanOrEqual(3);
          expect(contrastRatio(halo, background), background).toBeGreaterThanOrEqual(3);
        } else {
          expect(contrastRatio(color, background), background).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }
});
