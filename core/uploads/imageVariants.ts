import { type Message, message } from "../messages";
import type { ImageType } from "./detectMediaType";
import { imageDimensions } from "./imageDimensions";

/**
 * The widths (px) an uploaded image is also kept at: a phone's block (480), a desktop block or
 * a phone at 2x (960), a full-width block on a dense screen (1920).
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1920] as const;

/** Only these are made smaller: an animated GIF would lose its frames in a canvas. */
export const RESIZABLE_TYPES: readonly ImageType[] = ["image/png", "image/jpeg", "image/webp"];

/** An upload's image facts that its variants are checked against. */
export interface ImageOriginal {
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

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

/**
 * Why `content` cannot be the `declaredWidth` px variant of `original`, or null when it can:
 * it must be an image by its bytes (PNG, JPEG or WebP), of one of the variant widths the
 * original allows, exactly as wide as declared, as tall as the original's aspect ratio says
 * (a pixel of rounding either way), and no larger in bytes than the original.
 */
export function variantRefusal(
  original: ImageOriginal,
  declaredWidth: number,
  content: Uint8Array,
): Message | null {
  if (
    original.width === null ||
    original.height === null ||
    !RESIZABLE_TYPES.includes(original.mimeType as ImageType)
  ) {
    return message("uploads.variantNotResizable");
  }
  const found = imageDimensions(content);
  if (found === null || !RESIZABLE_TYPES.includes(found.type)) {
    return message("uploads.invalidFileType");
  }
  const fits =
    variantWidthsFor(original.width).includes(declaredWidth) &&
    found.width === declaredWidth &&
    Math.abs(
      found.height -
        variantHeightFor({ width: original.width, height: original.height }, declaredWidth),
    ) <= 1 &&
    content.length <= original.size;
  return fits ? null : message("uploads.variantMismatch");
}

/** A stored variant, as a `srcset` candidate. */
export interface ImageCandidate {
  url: string;
  width: number;
}

/** The `srcset` of an image: its variants and the original, each with its width descriptor. */
export function srcsetOf(candidates: readonly ImageCandidate[]): string {
  return [...candidates]
    .sort((a, b) => a.width - b.width)
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(", ");
}

/**
 * The `sizes` of an image in a block `columns` wide (of 4) on the public page: the card is at
 * most 56rem wide with 2.5rem padding from 640 px on (1.25rem under it, where blocks take the
 * one column), and 1rem gaps between columns.
 */
export function blockImageSizes(columns: number): string {
  const span = Math.min(4, Math.max(1, columns));
  const widest = Math.round(((896 - 80 - 3 * 16) * span) / 4 + 16 * (span - 1));
  const share = span / 4;
  return [
    `(min-width: 896px) ${widest}px`,
    `(min-width: 640px) calc((100vw - 80px) * ${share})`,
    "calc(100vw - 40px)",
  ].join(", ");
}
