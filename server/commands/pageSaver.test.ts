import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageComponentsSchema } from "../../core/pages/blockSchema";
import type { PageOwner } from "../data/pageNames";
import { findEditablePageOwner, findPageBlocks } from "../data/pages";
import { uploads } from "../db/schema";
import { signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { pageSaver } from "./pageSaver";
import { uploadSaver } from "./uploadSaver";

const t = await createTestApp();
const db = t.database.db;
const uploadMedia = uploadMediaOf(t.deps.config, db);
const layout = { x: 0, y: 0, w: 4, h: 1 };

const ownerOf = async (username: string) =>
  (await findEditablePageOwner(db, username)) as PageOwner;
const components = (blocks: unknown[]) => pageComponentsSchema.parse({ blocks });
const media = (id: string, uploadId: string | null, mediaKind = "image") => ({
  id,
  kind: "media",
  mediaKind,
  uploadId,
  alt: "",
  layout,
  visible: true,
});

describe("pageSaver", () => {
  it("keeps no file of a save that a later block refuses", async () => {
    const host = await signUpHost(t);
    const owner = await ownerOf(host.username);
    const save = pageSaver(db, uploadMedia, {
      owner,
      editorId: host.id,
      colorsLocked: false,
      components: components([media("a", null), media("b", null, "video")]),
      files: new Map([
        ["a", TINY_PNG],
        ["b", TINY_PNG],
      ]),
    });
    await expect(save).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { "blocks.1.file": [{ key: "uploads.invalidVideoFileType" }] },
    });
    expect(await db.select().from(uploads).where(eq(uploads.userId, host.id))).toEqual([]);
    expect(await findPageBlocks(db, owner)).toBeNull();
  });

  it("takes the editor's own uploads, not another host's, and a file past the limit names its kind", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const owner = await ownerOf(host.username);
    const mine = await uploadSaver(db, uploadMedia, host.id, "image", TINY_PNG);
    const theirs = await uploadSaver(db, uploadMedia, other.id, "image", TINY_PNG);
    await expect(
      pageSaver(db, uploadMedia, {
        owner,
        editorId: host.id,
        colorsLocked: false,
        components: components([media("a", theirs.id), media("b", null, "video")]),
        files: new Map([["b", "tooLarge" as const]]),
      }),
    ).rejects.toMatchObject({
      fields: {
        "blocks.0.uploadId": [{ key: "uploads.notFound" }],
        "blocks.1.file": [{ key: "uploads.videoTooLarge" }],
      },
    });
    const saved = await pageSaver(db, uploadMedia, {
      owner,
      editorId: host.id,
      colorsLocked: false,
      components: components([media("a", mine.id)]),
      files: new Map(),
    });
    expect(saved).toEqual([{ ...media("a", mine.id), uploadId: mine.id }]);
    expect(await findPageBlocks(db, owner)).toEqual(saved);
  });
});
