import { eq } from "drizzle-orm";
import type { PageOwner } from "../data/pageNames";
import type { Db } from "../db/database";
import { teams, users } from "../db/schema";
import type { UploadMedia } from "../uploads/uploadMedia";
import { uploadSaver } from "./uploadSaver";

/**
 * Stores `content` as an image of `editorId` (checked by content: the spec's messages for a
 * wrong type or over 5 MB) and makes it the avatar of the page's owner, a user or a team.
 * Returns the new upload's id.
 */
export async function pageAvatarSetter(
  db: Db,
  media: UploadMedia,
  owner: PageOwner,
  editorId: string,
  content: Buffer,
): Promise<string> {
  const upload = await uploadSaver(db, media, editorId, "image", content);
  if (owner.kind === "user") {
    await db.update(users).set({ avatarUploadId: upload.id }).where(eq(users.id, owner.user.id));
  } else {
    await db.update(teams).set({ avatarUploadId: upload.id }).where(eq(teams.id, owner.team.id));
  }
  return upload.id;
}
