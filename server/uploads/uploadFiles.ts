import { join } from "node:path";
import { DomainError } from "../../core/errors";
import { type Message, message } from "../../core/messages";

// What the upload commands and the upload routes share: where files live, the spec's refusals.

export type UploadKind = "image" | "video";

/** Where uploaded files live: DATA_DIR/uploads/{id}, named by id only (never by the client). */
export function uploadPath(dataDir: string, uploadId: string): string {
  return join(dataDir, "uploads", uploadId);
}

/** VALIDATION on the `file` field. */
export function refuseFile(reason: Message): DomainError {
  return new DomainError("VALIDATION", reason, { file: [reason] });
}

/** The spec's refusal of a file that went over the size limit of `kind`. */
export function tooLarge(kind: UploadKind): DomainError {
  return refuseFile(message(kind === "image" ? "uploads.imageTooLarge" : "uploads.videoTooLarge"));
}

/** The spec's refusal of a file whose content is not of `kind`'s accepted types. */
export function wrongFileType(kind: UploadKind): DomainError {
  return refuseFile(
    message(kind === "image" ? "uploads.invalidFileType" : "uploads.invalidVideoFileType"),
  );
}
