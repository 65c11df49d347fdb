import { describe, expect, it } from "vitest";
import { contrastRatio } from "../../../../core/pages/brandShades";
import { CHART_BACKGROUND, SERIES_COLORS } from "./seriesColors";

describe("SERIES_COLORS", () => {
  it("keeps 3:1 against the card and between the series", () => {
    for (const color of SERIES_COLORS) {
      expect(contrastRatio(color, CHART_BACKGROUND)).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio(SERIES_COLORS[0], SERIES_COLORS[1])).toBeGreaterThanOrEqual(3);
  });
});
