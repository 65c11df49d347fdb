import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { type Host, signUpHost } from "../../test/factories";
import { multipartFile, multipartForm, pngOf, TINY_PNG } from "../../test/multipart";
import { startS3Double } from "../../test/s3Double";
import { createTestApp, type TestApp } from "../../test/testApp";

const MISMATCH =
  "This smaller copy does not match its image: it must be a PNG, JPG or WebP of the stated width, the image's proportions, and no larger than the image.";

const s3 = await startS3Double("media/");
afterAll(() => s3.close());
const stores: [string, TestApp][] = [
  ["PostgreSQL", await createTestApp()],
  ["an S3 bucket", await createTestApp({ s3: s3.config })],
];

// An image of noise, so that its flat copies are smaller in bytes (3.8 MB: under the 5 MB limit).
const ORIGINAL = pngOf(1200, 800, "noise");

describe.each(stores)("smaller copies of images in %s", (name, t) => {
  async function upload(host: Host, content: Buffer, query = "") {
    const body = multipartFile(content);
    const response = await t.request({
      method: "POST",
      url: `/api/uploads${query}`,
      headers: { ...body.headers, ...host.headers },
      payload: body.payload,
    });
    return response;
  }

  async function uploadImage(host: Host, content = ORIGINAL) {
    const response = await upload(host, content);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; url: string; width: number; height: number };
  }

  /** Makes an upload look as one stored before this change: no size recorded. */
  async function forgetSize(id: string) {
    await t.database.db
      .update(uploads)
      .set({ width: null, height: null })
      .where(eq(uploads.id, id));
  }

  function addVariant(host: Host | null, id: string, width: number | string, content: Buffer) {
    const body = multipartFile(content);
    return t.request({
      method: "POST",
      url: `/api/uploads/${id}/variants?width=${width}`,
      headers: { ...body.headers, ...(host?.headers ?? {}) },
      payload: body.payload,
    });
  }

  it("records an image's size from its header, and stores a fitting copy linked to it", async () => {
    const host = await signUpHost(t);
    const image = await uploadImage(host);
    expect(image).toMatchObject({ width: 1200, height: 800, variantOf: null });

    const copy = pngOf(480, 320);
    const response = await addVariant(host, image.id, 480, copy);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      kind: "image",
      mimeType: "image/png",
      width: 480,
      height: 320,
      size: copy.length,
      variantOf: image.id,
    });
    const served = await t.request({ method: "GET", url: response.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(copy)).toBe(true);
  });

  it("refuses copies that do not fit their image, by their content", async () => {
    const host = await signUpHost(t);
    const image = await uploadImage(host);
    const refused = async (width: number | string, content: Buffer, field = "file") => {
      const response = await addVariant(host, image.id, width, content);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors[field];
    };
    // Declared 960, but the header says 480.
    expect(await refused(960, pngOf(480, 320))).toEqual([MISMATCH]);
    // Out of proportion.
    expect(await refused(480, pngOf(480, 480))).toEqual([MISMATCH]);
    // The same copy as declared passes: the refusals above are for what they say.
    expect((await addVariant(host, image.id, 480, pngOf(480, 320))).statusCode).toBe(201);
    // Larger in bytes than the image.
    const small = await uploadImage(host, pngOf(1000, 600));
    const noisy = await addVariant(host, small.id, 480, pngOf(480, 288, "noise"));
    expect(small).toMatchObject({ width: 1000, height: 600 });
    expect(noisy.statusCode).toBe(422);
    expect(noisy.json().errors.file).toEqual([MISMATCH]);
    // Not an image by its bytes, whatever its name.
    expect(await refused(480, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual([
      "Invalid file type. Use a PNG, JPG, GIF or WebP image.",
    ]);
    // A width that is not offered.
    expect(await refused(500, pngOf(500, 333), "width")).toEqual([MISMATCH]);
    // Never upscaled: 1920 of a 1200 px image.
    expect(await refused(1920, pngOf(1920, 1280))).toEqual([MISMATCH]);
  });

  it("refuses copies of videos, of copies and of images of unknown size", async () => {
    const host = await signUpHost(t);
    const video = await upload(host, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]), "?kind=video");
    expect(video.statusCode).toBe(201);
    const notResizable = async (id: string) => {
      const response = await addVariant(host, id, 480, pngOf(480, 320));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.file[0]).toMatch(/^Smaller copies can only be added/);
    };
    await notResizable(video.json().id);
    const image = await uploadImage(host);
    const copy = await addVariant(host, image.id, 960, pngOf(960, 640));
    await notResizable(copy.json().id);
    // Stored before sizes were read: its size is unknown.
    const legacy = await uploadImage(host);
    await forgetSize(legacy.id);
    await notResizable(legacy.id);
    // A one-pixel image allows no width at all.
    const tiny = await uploadImage(host, TINY_PNG);
    const response = await addVariant(host, tiny.id, 480, pngOf(480, 480));
    expect(response.json().errors.file).toEqual([MISMATCH]);
  });

  it("keeps one copy per width, for the image's owner only", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const image = await uploadImage(host);
    expect((await addVariant(stranger, image.id, 480, pngOf(480, 320))).statusCode).toBe(404);
    expect((await addVariant(null, image.id, 480, pngOf(480, 320))).statusCode).toBe(401);
    expect((await addVariant(host, image.id, 480, pngOf(480, 320))).statusCode).toBe(201);
    expect((await addVariant(host, image.id, 480, pngOf(480, 320))).statusCode).toBe(409);
  });

  it("deletes the copies, and their stored bytes, with their image", async () => {
    const host = await signUpHost(t);
    const image = await uploadImage(host);
    const copies = [
      (await addVariant(host, image.id, 480, pngOf(480, 320))).json(),
      (await addVariant(host, image.id, 960, pngOf(960, 640))).json(),
    ];
    const objectsBefore = s3.objects.size;
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/uploads/${image.id}`,
      headers: host.headers,
    });
    expect(deleted.statusCode).toBe(204);
    for (const copy of copies) {
      expect((await t.request({ method: "GET", url: copy.url })).statusCode).toBe(404);
    }
    if (name === "an S3 bucket") expect(s3.objects.size).toBe(objectsBefore - 3);
  });

  it("saves a page's new image with its copies, and the public page offers them as srcset", async () => {
    const host = await signUpHost(t);
    const old = await uploadImage(host, TINY_PNG);
    await forgetSize(old.id);
    const block = (id: string, uploadId: string | null, y: number) => ({
      id,
      kind: "media",
      mediaKind: "image",
      uploadId,
      alt: id,
      layout: { x: 0, y, w: 4, h: 1 },
      visible: true,
    });
    const body = multipartForm([
      {
        name: "components",
        value: JSON.stringify({ blocks: [block("photo", null, 0), block("old", old.id, 1)] }),
      },
      { name: "file-photo", file: ORIGINAL },
      { name: "variant-480-photo", file: pngOf(480, 320) },
      { name: "variant-960-photo", file: pngOf(960, 640) },
    ]);
    const saved = await t.request({
      method: "POST",
      url: `/api/page/${host.username}`,
      headers: { ...host.headers, ...body.headers },
      payload: body.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const photoId = saved.json().blocks[0].uploadId;

    const page = (await t.request({ method: "GET", url: `/api/page/${host.username}` })).json();
    const [photo, legacy] = page.page.blocks;
    expect(photo).toMatchObject({ url: `/api/uploads/${photoId}`, width: 1200, height: 800 });
    expect(photo.sources.map((s: { width: number }) => s.width)).toEqual([480, 960, 1200]);
    for (const source of photo.sources) {
      expect((await t.request({ method: "GET", url: source.url })).statusCode).toBe(200);
    }
    // An image stored before copies existed is shown as it is.
    expect(legacy).toMatchObject({ url: old.url, width: null, height: null, sources: [] });
  });

  it("refuses the whole save when a copy does not fit, and keeps none of its files", async () => {
    const host = await signUpHost(t);
    const objectsBefore = s3.objects.size;
    const body = multipartForm([
      {
        name: "components",
        value: JSON.stringify({
          blocks: [
            {
              id: "photo",
              kind: "media",
              mediaKind: "image",
              uploadId: null,
              alt: "",
              layout: { x: 0, y: 0, w: 4, h: 1 },
              visible: true,
            },
          ],
        }),
      },
      { name: "file-photo", file: ORIGINAL },
      { name: "variant-480-photo", file: pngOf(480, 320) },
      { name: "variant-960-photo", file: pngOf(480, 320) },
    ]);
    const saved = await t.request({
      method: "POST",
      url: `/api/page/${host.username}`,
      headers: { ...host.headers, ...body.headers },
      payload: body.payload,
    });
    expect(saved.statusCode, saved.body).toBe(422);
    expect(saved.json().errors["blocks.0.file"]).toEqual([MISMATCH]);
    const page = (await t.request({ method: "GET", url: `/api/page/${host.username}` })).json();
    expect(page.page.blocks).toBeNull();
    if (name === "an S3 bucket") expect(s3.objects.size).toBe(objectsBefore);
  });
});
