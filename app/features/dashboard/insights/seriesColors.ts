/**
 * The colours of the insights charts' series, in order: the brand's navy and an amber. Each has
 * 3:1 contrast or more against the white card and against the other (WCAG 1.4.11), so bars of
 * the two series stay apart without colour vision too (seriesColors.test.ts checks it).
 */
export const SERIES_COLORS = ["#1e3a8a", "#d97706"] as const;

/** The card's background the series are drawn on. */
export const CHART_BACKGROUND = "#ffffff";

/** Gridlines and axes: quiet, they carry no data. */
export const CHART_GRID = "#d1d5db";
