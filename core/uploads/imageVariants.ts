import type { ImageType } from "./detectMediaType";

/**
 * The widths (px) an uploaded image is also kept at: a phone's block (480), a desktop block or
 * a phone at 2x (960), a full-width block on a dense screen (1920).
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1920] as const;

/** Only these are made smaller: an animated GIF would lose its frames in a canvas. */
export const RESIZABLE_TYPES: readonly ImageType[] = ["image/png", "image/jpeg", "image/webp"];

/** The variant widths worth making of an image `width` px wide: only narrower ones, never upscaled. */
export function variantWidthsFor(width: number): number[] {
  return IMAGE_VARIANT_WIDTHS.filter((variant) => variant < width);
}

/** The height of the variant `width` px wide of a `original` image, its aspect ratio kept. */
export function variantHeightFor(
  original: { width: number; height: number },
  width: number,
): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}
