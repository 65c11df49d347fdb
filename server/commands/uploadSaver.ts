import { detectMediaType, isImageType } from "../../core/uploads/detectMediaType";
import { imageDimensions } from "../../core/uploads/imageDimensions";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../../core/uploads/uploadLimits";
import type { UploadRow } from "../data/uploads";
import type { Db } from "../db/database";
import { tooLarge, type UploadKind, wrongFileType } from "../uploads/uploadFiles";
import type { UploadMedia } from "../uploads/uploadMedia";
import { writeUpload } from "../uploads/uploadWriter";

/**
 * Stores an image or video for `userId` after checking its content: the type comes from the
 * file's magic bytes, never from its name or declared type; an image's pixel size comes from
 * its header (null when the header cannot be read: such an image gets no smaller copies).
 * Throws VALIDATION with the spec's messages for a wrong type or a file over the limit of `kind`.
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
