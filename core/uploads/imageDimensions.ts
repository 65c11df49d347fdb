import { imageSize } from "image-size";
import { detectMediaType, type ImageType, isImageType } from "./detectMediaType";

/** An image's type and pixel size, as its own header states them. */
export interface ImageDimensions {
  type: ImageType;
  width: number;
  height: number;
}

/**
 * The type, width and height an image's header declares (PNG, JPEG, GIF, WebP), as shown (a
 * JPEG's EXIF orientation applied), or null when the bytes are no image of these types or their
 * header cannot be read whole (a bare signature, a header cut short, a zero size). Reads only
 * the header, through image-size: whether the rest decodes is the browser's business.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const type = detectMediaType(bytes);
  if (type === null || !isImageType(type)) return null;
  let found: ReturnType<typeof imageSize>;
  try {
    // A copy of its own: image-size reads through a DataView over the whole ArrayBuffer, so a
    // view into a larger one (a Node Buffer from the shared pool) would let it read past the end.
    found = imageSize(new Uint8Array(bytes));
  } catch {
    // image-size throws on a header it cannot read (DataView past the end, no IHDR, …).
    return null;
  }
  const { width, height, orientation } = found;
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) return null;
  // Orientations 5–8 turn the picture a quarter: browsers show it (and resize it) that way.
  const turned = orientation !== undefined && orientation >= 5 && orientation <= 8;
  return { type, width: turned ? height : width, height: turned ? width : height };
}
