import { readFile, stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "../../core/uploads/uploadLimits";
import { signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";
import { uploadPath } from "../uploads/uploadFiles";
import { uploadSaver } from "./uploadSaver";

const t = await createTestApp();
const db = t.database.db;
const dataDir = t.deps.config.dataDir;

describe("uploadSaver", () => {
  it("stores the bytes under the upload's id, readable by the server only, with the sniffed type", async () => {
    const host = await signUpHost(t);
    const row = await uploadSaver(db, dataDir, host.id, "image", TINY_PNG);
    expect(row).toMatchObject({
      userId: host.id,
      kind: "image",
      mimeType: "image/png",
      path: row.id,
    });
    const path = uploadPath(dataDir, row.id);
    expect(await readFile(path)).toEqual(TINY_PNG);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it("refuses by content: not an image, an image as video, an image over the limit", async () => {
    const host = await signUpHost(t);
    const save = (kind: "image" | "video", content: Buffer) =>
      uploadSaver(db, dataDir, host.id, kind, content);
    await expect(save("image", Buffer.from("<svg/>"))).rejects.toMatchObject({
      fields: { file: [{ key: "uploads.invalidFileType" }] },
    });
    await expect(save("video", TINY_PNG)).rejects.toMatchObject({
      fields: { file: [{ key: "uploads.invalidVideoFileType" }] },
    });
    // The route stops reading at the limit; a caller handing over more is refused here too.
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    await expect(save("image", huge)).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { file: [{ key: "uploads.imageTooLarge" }] },
    });
  });
});
