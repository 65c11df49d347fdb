import type { Locator, Page } from "playwright-core";

/** A colour as 0-255 channels and a 0-1 alpha. */
export type Rgba = [number, number, number, number];

/**
 * Any CSS colour (rgb(), oklch(), color-mix(), a name) as the browser paints it: drawn on
 * a 1x1 canvas and read back, so that no colour syntax has to be parsed here.
 */
export async function toRgba(page: Page, color: string): Promise<Rgba> {
  return page.evaluate((css) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2d canvas");
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, (a ?? 0) / 255] as [number, number, number, number];
  }, color);
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const [r, g, b, a] = top;
  return [r * a + bottom[0] * (1 - a), g * a + bottom[1] * (1 - a), b * a + bottom[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of `foreground` (translucent allowed) on the opaque `background`. */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
  const a = luminance(over(foreground, background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The colour behind `locator` (its own background included unless `fromParent`): the
 * backgrounds of it and its ancestors, composed up to the first opaque one, white past html.
 */
export async function backgroundBehind(locator: Locator, fromParent = false): Promise<Rgba> {
  const page = locator.page();
  const layers = await locator.evaluate((element, skipSelf) => {
    const colors: string[] = [];
    let node: Element | null = skipSelf ? element.parentElement : element;
    while (node) {
      colors.push(getComputedStyle(node).backgroundColor);
      node = node.parentElement;
    }
    return colors;
  }, fromParent);
  let result: Rgba = [255, 255, 255, 1];
  const rgba = await Promise.all(layers.map((color) => toRgba(page, color)));
  for (const layer of rgba.reverse()) result = over(layer, result);
  return result;
}

/** The contrast of a computed colour property of `locator` (e.g. borderTopColor) on `background`. */
export async function contrastOf(
  locator: Locator,
  property: "color" | "borderTopColor" | "outlineColor" | "backgroundColor",
  background: Rgba,
  pseudo?: string,
): Promise<number> {
  const color = await locator.evaluate(
    (element, [name, pseudoElement]) =>
      getComputedStyle(element, pseudoElement ?? null)[name as "color"],
    [property, pseudo] as const,
  );
  return contrastRatio(await toRgba(locator.page(), color), background);
}
