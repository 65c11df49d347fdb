import { afterAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "../../core/uploads/uploadLimits";
import { signUpHost } from "../test/factories";
import { TINY_PNG } from "../test/multipart";
import { startS3Double } from "../test/s3Double";
import { createTestApp } from "../test/testApp";
import { uploadMediaOf } from "../uploads/uploadMedia";
import { uploadSaver } from "./uploadSaver";

const t = await createTestApp();
const db = t.database.db;
const media = uploadMediaOf({ s3: null }, db);
const s3 = await startS3Double("uploads/");
afterAll(() => s3.close());
const s3Media = uploadMediaOf({ s3: s3.config }, db);

describe("uploadSaver", () => {
  it("stores the bytes in PostgreSQL by default, with the sniffed type, in one transaction", async () => {
    const host = await signUpHost(t);
    const row = await uploadSaver(db, media, host.id, "image", TINY_PNG);
    expect(row).toMatchObject({
      userId: host.id,
      kind: "image",
      mimeType: "image/png",
      storage: "postgres",
    });
    expect(await media.writer.read(row.id, null)).toEqual(TINY_PNG);
    expect(await media.writer.read(row.id, { start: 1, end: 3 })).toEqual(TINY_PNG.subarray(1, 4));
  });

  it("stores the bytes in the S3 bucket when S3_URL is set, under the key prefix", async () => {
    const host = await signUpHost(t);
    const row = await uploadSaver(db, s3Media, host.id, "image", TINY_PNG);
    expect(row.storage).toBe("s3");
    expect(s3.objects.get(`uploads/${row.id}`)).toEqual({
      body: TINY_PNG,
      contentType: "image/png",
    });
    expect(await media.writer.read(row.id, null)).toBeNull();
  });

  it("writes no row when the object store refuses the file", async () => {
    const host = await signUpHost(t);
    const locked = uploadMediaOf(
      { s3: { ...s3.config, credentials: { accessKeyId: "WRONG", secretAccessKey: "x" } } },
      db,
    );
    const before = await t.database.query<{ n: number }>("select count(*)::int as n from uploads");
    await expect(uploadSaver(db, locked, host.id, "image", TINY_PNG)).rejects.toThrow();
    const after = await t.database.query<{ n: number }>("select count(*)::int as n from uploads");
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses by content: not an image, an image as video, an image over the limit", async () => {
    const host = await signUpHost(t);
    const save = (kind: "image" | "video", content: Buffer) =>
      uploadSaver(db, media, host.id, kind, content);
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
