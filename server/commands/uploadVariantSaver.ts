import { message } from "../../core/messages";
import { imageDimensions } from "../../core/uploads/imageDimensions";
import { IMAGE_MAX_BYTES } from "../../core/uploads/uploadLimits";
import { variantRefusal } from "../../core/uploads/variantRefusal";
import { findUpload, type UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { assertCanManageUpload } from "../policies/uploads";
import { refuseFile, tooLarge } from "../uploads/uploadFiles";
import type { UploadMedia } from "../uploads/uploadMedia";
import { writeUpload } from "../uploads/uploadWriter";

/**
 * Stores `content` as the `width` px copy of the image `originalId`, made smaller by the
 * uploader's browser. The server trusts none of it: the copy must be an image by its bytes, as
 * wide as declared by its header, in the original's proportions and no larger than the original
 * (core/uploads/imageVariants.ts). It belongs to the original's owner and goes with the
 * original. Throws NOT_FOUND for an upload that is not `userId`'s, VALIDATION on `file` for a
 * copy that does not fit, CONFLICT (unique index) when that width is stored already.
 */
export async function uploadVariantSaver(
  db: Db,
  media: UploadMedia,
  userId: string,
  originalId: string,
  width: number,
  content: Buffer,
): Promise<UploadRow> {
  const original = assertCanManageUpload(userId, await findUpload(db, originalId));
  if (original.kind !== "image" || original.variantOf !== null) {
    throw refuseFile(message("uploads.variantNotResizable"));
  }
  if (content.length > IMAGE_MAX_BYTES) throw tooLarge("image");
  const refusal = variantRefusal(original, width, content);
  if (refusal !== null) throw refuseFile(refusal);
  const size = imageDimensions(content);
  // Read already by variantRefusal: null only narrows the type here.
  if (size === null) throw refuseFile(message("uploads.invalidFileType"));
  return writeUpload(
    db,
    media,
    {
      userId: original.userId,
      kind: "image",
      mimeType: size.type,
      width: size.width,
      height: size.height,
      variantOf: original.id,
    },
    content,
  );
}
