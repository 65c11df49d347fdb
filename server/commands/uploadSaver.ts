import { detectMediaType, isImageType } from "../../core/uploads/detectMediaType";
import { imageDimensions } from "../../core/uploads/imageDimensions";
import { imageSizeRefusal } from "../../core/uploads/imageSizeRefusal";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../../core/uploads/uploadLimits";
import type { UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { refuseFile, tooLarge, type UploadKind, wrongFileType } from "../uploads/uploadFiles";
import type { UploadMedia } from "../uploads/uploadMedia";
import { writeUpload } from "../uploads/uploadWriter";

/**
 * Stores an image or video for `userId` after checking its content: the type comes from the
 * file's magic bytes, never from its name or declared type; an image's pixel size comes from
 * its header, which must be read whole and declare at most IMAGE_MAX_PIXELS.
 * Throws VALIDATION on `file` for a wrong type, a file over the limit of `kind`, or an image
 * whose header is unreadable or declares too many pixels.
 */
export async function uploadSaver(
  db: Db,
  media: UploadMedia,
  userId: string,
  kind: UploadKind,
  content: Buffer,
): Promise<UploadRow> {
  const type = detectMediaType(content);
  if (type === null || isImageType(type) !== (kind === "image")) throw wrongFileType(kind);
  if (content.length > (kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES)) {
    throw tooLarge(kind);
  }
  const size = kind === "image" ? imageDimensions(content) : null;
  const refusal = kind === "image" ? imageSizeRefusal(size) : null;
  if (refusal) throw refuseFile(refusal);
  return writeUpload(
    db,
    media,
    {
      userId,
      kind,
      mimeType: type,
      width: size?.width ?? null,
      height: size?.height ?? null,
      variantOf: null,
    },
    content,
  );
}
