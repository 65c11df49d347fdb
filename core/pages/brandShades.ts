/** The shades of the host's primary colour the page uses, each readable on the white card. */
export interface BrandShades {
  /** Fills (the selected day and time), as the host chose it. */
  fill: string;
  /** Text and hover fills: at least 4.5:1 on white. */
  text: string;
  /** Borders and the focus ring: at least 3:1 on white (WCAG 1.4.11). */
  border: string;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace("#", "");
  const full =
    digits.length === 3
      ? digits
          .split("")
          .map((d) => d + d)
          .join("")
      : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance of an sRGB colour with 0-255 channels. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two "#rgb"/"#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x);
  return ((high as number) + 0.05) / ((low as number) + 0.05);
}

/** `hex` mixed with ever more black until it reaches `ratio` against white. */
function darkenTo(hex: string, ratio: number): string {
  const rgb = parseHex(hex);
  for (let black = 0; black < 1; black += 0.02) {
    const mixed = toHex(rgb.map((c) => c * (1 - black)) as Rgb);
    if (contrastRatio(mixed, "#ffffff") >= ratio) return mixed;
  }
  return "#000000";
}

/**
 * A host may pick any primary colour, a pale yellow too: the fill stays theirs, while text
 * and borders derived from it are darkened just enough to stay readable on white.
 */
export function brandShades(primary: string): BrandShades {
  const rgb = parseHex(primary);
  // The hover and text shade was always somewhat darker than the fill.
  const deeper = toHex(rgb.map((c) => c * 0.82) as Rgb);
  return { fill: toHex(rgb), text: darkenTo(deeper, 4.5), border: darkenTo(primary, 3) };
}

/** The focus ring of a page: its colour, and a white band inside it when no colour will do. */
export interface FocusRing {
  color: string;
  /** Drawn between the element and the ring (in the ring's offset) when set. */
  halo: string | null;
}

const WHITE = "#ffffff";

/**
 * The focus ring drawn around a focused control (2 px, 2 px off it): it lies on the white
 * card or on the page's background, so it must reach 3:1 against both (WCAG 1.4.11), for any
 * primary and background a host picks. The primary mixed with black, else with white, just
 * enough for both; a mid-dark background that no colour can serve together with white gets
 * the primary darkened for white and a white band between the control and the ring, which
 * stands 3:1 (and more) off that background.
 */
export function focusRing(primary: string, background: string): FocusRing {
  const rgb = parseHex(primary);
  const enough = (hex: string) =>
    contrastRatio(hex, WHITE) >= 3 && contrastRatio(hex, background) >= 3;
  for (const towards of [0, 255]) {
    for (let share = 0; share <= 1.0001; share += 0.02) {
      const mixed = toHex(rgb.map((c) => c * (1 - share) + towards * share) as Rgb);
      if (enough(mixed)) return { color: mixed, halo: null };
    }
  }
  return { color: darkenTo(primary, 4.5), halo: WHITE };
}
