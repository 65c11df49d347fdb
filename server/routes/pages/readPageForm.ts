import type { FastifyRequest } from "fastify";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { PAGE_MAX_BLOCKS } from "../../../core/pages/blockKinds";
import { VIDEO_MAX_BYTES } from "../../../core/uploads/uploadLimits";
import type { PageFile } from "../../commands/pageSaver";

const UNREADABLE = message("uploads.unreadable");
const COMPONENTS_MAX_BYTES = 1024 * 1024;

/**
 * The text fields and file parts of a page form (multipart/form-data). A file is read up to
 * the video limit and marked "tooLarge" past it; the save decides by the block's kind. A body
 * busboy cannot parse is the sender's fault: VALIDATION, never the parser's own 500.
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
        files: PAGE_MAX_BLOCKS,
        fileSize: VIDEO_MAX_BYTES,
        fields: 5,
        fieldSize: COMPONENTS_MAX_BYTES,
        parts: PAGE_MAX_BLOCKS + 5,
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
  return { fields, files };
}
