import type { ImageType } from "../../../../core/uploads/detectMediaType";
import { imageDimensions } from "../../../../core/uploads/imageDimensions";
import {
  RESIZABLE_TYPES,
  variantHeightFor,
  variantWidthsFor,
} from "../../../../core/uploads/imageVariants";
import { variantRefusal } from "../../../../core/uploads/variantRefusal";

/** A smaller copy of an image, made here so the server needs no image library. */
export interface ImageCopy {
  width: number;
  blob: Blob;
}

async function encode(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  fallback: ImageType,
): Promise<Blob | null> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  const webp = await canvas.convertToBlob({ type: "image/webp", quality: 0.8 });
  // Safari encodes no WebP and answers PNG instead: the original's own type then.
  if (webp.type === "image/webp") return webp;
  return canvas.convertToBlob({ type: fallback, quality: 0.85 });
}

/**
 * The copies of `file` (an image of `type`) at the variant widths narrower than it, as WebP
 * (or its own type where the browser cannot write WebP), drawn as the browser shows the image
 * (EXIF orientation applied, as the server reads it). Each copy passes the server's own check
 * here first (one the server would refuse, say larger than the file, is left out, so a save
 * never fails for a copy); an image the browser draws at another size than its header states
 * gets none. So do GIFs (their frames) and browsers that cannot decode here: the page then
 * shows the original.
 */
export async function imageCopies(file: Blob, type: ImageType): Promise<ImageCopy[]> {
  if (!RESIZABLE_TYPES.includes(type) || typeof OffscreenCanvas === "undefined") return [];
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return [];
  }
  try {
    const header = imageDimensions(new Uint8Array(await file.arrayBuffer()));
    if (header?.width !== bitmap.width || header.height !== bitmap.height) return [];
    const original = {
      mimeType: type,
      size: file.size,
      width: header.width,
      height: header.height,
    };
    const copies: ImageCopy[] = [];
    for (const width of variantWidthsFor(bitmap.width)) {
      const blob = await encode(bitmap, width, variantHeightFor(bitmap, width), type);
      if (!blob) continue;
      const fits = variantRefusal(original, width, new Uint8Array(await blob.arrayBuffer()));
      if (fits === null) copies.push({ width, blob });
    }
    return copies;
  } catch {
    return [];
  } finally {
    bitmap.close();
  }
}
