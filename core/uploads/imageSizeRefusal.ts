import { type Message, message } from "../messages";
import type { ImageDimensions } from "./imageDimensions";
import { IMAGE_MAX_PIXELS } from "./uploadLimits";

/**
 * Why an image whose header reads as `size` (imageDimensions) cannot be stored, or null when it
 * can: a header that could not be read whole (a bare signature, one cut short, a zero size), or
 * more pixels than IMAGE_MAX_PIXELS.
 */
export function imageSizeRefusal(size: ImageDimensions | null): Message | null {
  if (size === null) return message("uploads.imageUnreadable");
  if (size.width * size.height > IMAGE_MAX_PIXELS) {
    return message("uploads.imageTooManyPixels", { max: IMAGE_MAX_PIXELS / 1_000_000 });
  }
  return null;
}
