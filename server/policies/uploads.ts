import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";

interface UploadOwner {
  userId: string;
  kind: string;
}

/** Only its uploader deletes an upload (anyone may read one by its unguessable id). */
export function canManageUpload(userId: string, upload: UploadOwner): boolean {
  return upload.userId === userId;
}

/** An avatar is an image of the user's own. */
export function canUseAsAvatar(userId: string, upload: UploadOwner): boolean {
  return canManageUpload(userId, upload) && upload.kind === "image";
}

/** The upload when the caller uploaded it; NOT_FOUND otherwise. */
export function assertCanManageUpload<T extends UploadOwner>(userId: string, upload: T | null): T {
  if (upload === null || !canManageUpload(userId, upload)) {
    throw new DomainError("NOT_FOUND", message("uploads.notFound"));
  }
  return upload;
}

/** Refuses (VALIDATION on `avatarUploadId`) an avatar that is not the caller's own image. */
export function assertCanUseAsAvatar(userId: string, upload: UploadOwner | null): void {
  if (upload === null || !canUseAsAvatar(userId, upload)) {
    throw new DomainError("VALIDATION", message("uploads.notFound"), {
      avatarUploadId: [message("uploads.notFound")],
    });
  }
}
