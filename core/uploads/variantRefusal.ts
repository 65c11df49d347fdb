import { type Message, message } from "../messages";
import type { ImageType } from "./detectMediaType";
import { imageDimensions } from "./imageDimensions";
import { RESIZABLE_TYPES, variantHeightFor, variantWidthsFor } from "./imageVariants";

/** An upload's image facts that its variants are checked against. */
export interface ImageOriginal {
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
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
