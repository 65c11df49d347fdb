import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PageOwner } from "../data/pageNames";
import { findEditablePageOwner } from "../data/pages";
import { teams, uploads, users } from "../db/schema";
import { createTeam, signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { pageAvatarSetter } from "./pageAvatarSetter";

const t = await createTestApp();
const db = t.database.db;
const media = uploadMediaOf({ s3: null }, db);

const ownerOf = async (name: string) => (await findEditablePageOwner(db, name)) as PageOwner;
const avatarOfUser = async (id: string) =>
  (await db.select().from(users).where(eq(users.id, id)))[0]!.avatarUploadId;

describe("pageAvatarSetter", () => {
  it("stores the image as the editor's upload and makes it the user's avatar", async () => {
    const host = await signUpHost(t);
    const id = await pageAvatarSetter(db, media, await ownerOf(host.username), host.id, TINY_PNG);
    expect(await avatarOfUser(host.id)).toBe(id);
    const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(upload).toMatchObject({ userId: host.id, kind: "image", mimeType: "image/png" });
  });

  it("makes it a team's avatar when the page is the team's", async () => {
    const admin = await signUpHost(t);
    const team = await createTeam(t, admin);
    const id = await pageAvatarSetter(db, media, await ownerOf(team.slug), admin.id, TINY_PNG);
    const [row] = await db.select().from(teams).where(eq(teams.id, team.id));
    expect(row!.avatarUploadId).toBe(id);
  });

  it("refuses a file that is not an image (VALIDATION), leaving the avatar as it was", async () => {
    const host = await signUpHost(t);
    await expect(
      pageAvatarSetter(db, media, await ownerOf(host.username), host.id, Buffer.from("%PDF-1.4")),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await avatarOfUser(host.id)).toBeNull();
  });
});
