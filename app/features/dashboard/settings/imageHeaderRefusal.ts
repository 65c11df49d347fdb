import { imageDimensions } from "../../../../core/uploads/imageDimensions";
import { imageSizeRefusal } from "../../../../core/uploads/imageSizeRefusal";
import { IMAGE_MAX_PIXELS } from "../../../../core/uploads/uploadLimits";

/**
 * The key (under dashboard.settings) and parameters of why the server would refuse this image's
 * header, or null: checked before the picker decodes or sends it, so a file declaring 60000×60000
 * is never drawn in the host's own browser. Throws when the browser refuses reading the file.
 */
export async function imageHeaderRefusal(
  file: Blob,
): Promise<{ key: "imageTooManyPixels" | "imageUnreadable"; max: number } | null> {
  const refusal = imageSizeRefusal(imageDimensions(new Uint8Array(await file.arrayBuffer())));
  if (refusal === null) return null;
  const key =
    refusal.key === "uploads.imageTooManyPixels" ? "imageTooManyPixels" : "imageUnreadable";
  return { key, max: IMAGE_MAX_PIXELS / 1_000_000 };
}
