import type { FastifyRequest } from "fastify";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { PAGE_MAX_BLOCKS } from "../../../core/pages/blockKinds";
import { IMAGE_VARIANT_WIDTHS } from "../../../core/uploads/imageVariants";
import { VIDEO_MAX_BYTES } from "../../../core/uploads/uploadLimits";
import type { PageFile } from "../../commands/pageSaver";
import { refuseUnsafeText } from "../../plugins/unsafeTextGuard";

const UNREADABLE = message("uploads.unreadable");
const COMPONENTS_MAX_BYTES = 1024 * 1024;
/** Every block could be a new image with all its smaller copies. */
const FILES_MAX = PAGE_MAX_BLOCKS * (1 + IMAGE_VARIANT_WIDTHS.length);

/**
 * The text fields and file parts of a page form (multipart/form-data). A file is read up to
 * the video limit and marked "tooLarge" past it; the save decides by the block's kind. A body
 * busboy cannot parse is the sender's fault: VALIDATION, never the parser's own 500; so is a
 * text part holding text PostgreSQL cannot store (VALIDATION naming the part).
 */
export async function readPageForm(
  request: FastifyRequest,
): Promise<{ fields: Map<string, string>; files: Map<string, PageFile> }> {
  const fields = new Map<string, string>();
  const files = new Map<string, PageFile>();
  if (!request.isMultipart()) {
    throw new DomainError("VALIDATION", message("general.invalidInput"), {
      components: [message("general.required")],
    });
  }
  try {
    const parts = request.parts({
      limits: {
        files: FILES_MAX,
        fileSize: VIDEO_MAX_BYTES,
        fields: 5,
        fieldSize: COMPONENTS_MAX_BYTES,
        parts: FILES_MAX + 5,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        files.set(part.fieldname, part.file.truncated ? "tooLarge" : Buffer.concat(chunks));
      } else if (typeof part.value === "string") {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch {
    throw new DomainError("VALIDATION", UNREADABLE, { file: [UNREADABLE] });
  }
  refuseUnsafeText(Object.fromEntries(fields));
  return { fields, files };
}
