import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "../../../core/uploads/uploadLimits";

// The spec's upload messages (§8), as the API says them in English.
const UPLOAD_MESSAGES = {
  imageTooLarge: "Image too large. Images can be at most 5 MB.",
  invalidFileType: "Invalid file type. Use a PNG, JPG, GIF or WebP image.",
  invalidVideoFileType: "Invalid video file type. Use an MP4 or WebM video.",
  imageTooManyPixels: "Image too large in pixels. Images can have at most 40 megapixels.",
  imageUnreadable:
    "The image's header is missing or cut short. Use a complete PNG, JPG, GIF or WebP image.",
};

import { type Host, signUpHost } from "../../test/factories";
import { multipartFile, PNG_SIGNATURE, pngHeaderOf, TINY_PNG } from "../../test/multipart";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), "slotted-uploads-")) });

async function upload(host: Host | null, content: Buffer, options = {}, query = "") {
  const body = multipartFile(content, options);
  return t.request({
    method: "POST",
    url: `/api/uploads${query}`,
    headers: { ...body.headers, ...(host?.headers ?? {}) },
    payload: body.payload,
  });
}

describe("POST /api/uploads", () => {
  it("stores an image and serves it with its checked type and nosniff", async () => {
    const host = await signUpHost(t);
    const response = await upload(host, TINY_PNG, { filename: "me.jpg", type: "image/jpeg" });
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ kind: "image", mimeType: "image/png", size: TINY_PNG.length });
    expect(stored.url).toBe(`/api/uploads/${stored.id}`);
    const served = await t.request({ method: "GET", url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it("refuses a file that only claims to be an image, with the spec's message", async () => {
    const host = await signUpHost(t);
    const fake = Buffer.from(
      "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
    );
    const response = await upload(host, fake, { filename: "cat.png", type: "image/png" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: UPLOAD_MESSAGES.invalidFileType,
      errors: { file: [UPLOAD_MESSAGES.invalidFileType] },
    });
  });

  it("refuses an image over 5 MB, with the spec's message", async () => {
    const host = await signUpHost(t);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await upload(host, big, { filename: "big.png", type: "image/png" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: [UPLOAD_MESSAGES.imageTooLarge] });
  });

  it("refuses an image whose header declares more than 40 megapixels", async () => {
    const host = await signUpHost(t);
    // Issue #29: 60000×60000 would take about 14 GB to decode in a visitor's browser.
    for (const [width, height] of [
      [60_000, 60_000],
      [8_000, 5_001],
      [40_000_001, 1],
      [0xffffffff, 0xffffffff],
    ] as const) {
      const response = await upload(host, pngHeaderOf(width, height), { filename: "huge.png" });
      expect(response.statusCode, `${width}×${height}`).toBe(422);
      expect(response.json()).toEqual({
        message: UPLOAD_MESSAGES.imageTooManyPixels,
        errors: { file: [UPLOAD_MESSAGES.imageTooManyPixels] },
      });
    }
    // At the limit exactly, the header is accepted (8000×5000 is 40 megapixels).
    const atLimit = await upload(host, pngHeaderOf(8_000, 5_000), { filename: "wide.png" });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json()).toMatchObject({ width: 8_000, height: 5_000 });
  });

  it("refuses a bare signature, a header cut short and a zero size, and takes a whole image", async () => {
    const host = await signUpHost(t);
    const jpegCut = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    // A baseline frame header cut before its height and width.
    const jpegFrameCut = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00]);
    const gifCut = Buffer.from("GIF89a\x10", "latin1");
    const webpCut = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([0x40, 0, 0, 0]),
      Buffer.from("WEBPVP8 "),
      Buffer.from([0x30, 0, 0, 0, 0x10, 0x02]),
    ]);
    for (const [name, content] of [
      ["bare PNG signature", PNG_SIGNATURE],
      ["PNG cut in its IHDR", pngHeaderOf(640, 480).subarray(0, 20)],
      ["PNG of zero width", pngHeaderOf(0, 480)],
      ["JPEG without a frame header", jpegCut],
      ["JPEG frame header cut short", jpegFrameCut],
      ["GIF cut in its screen size", gifCut],
      ["WebP cut in its frame header", webpCut],
    ] as const) {
      const response = await upload(host, Buffer.from(content), { filename: "x.png" });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors, name).toEqual({ file: [UPLOAD_MESSAGES.imageUnreadable] });
    }
    const whole = await upload(host, pngHeaderOf(640, 480), { filename: "ok.png" });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json()).toMatchObject({ mimeType: "image/png", width: 640, height: 480 });
  });

  it("says the pixel limit in the caller's language", async () => {
    const host = await signUpHost(t);
    const body = multipartFile(pngHeaderOf(60_000, 60_000));
    const response = await t.request({
      method: "POST",
      url: "/api/uploads",
      headers: { ...body.headers, ...host.headers, "accept-language": "de" },
      payload: body.payload,
    });
    expect(response.json().errors.file).toEqual([
      "Bild hat zu viele Pixel. Bilder dürfen höchstens 40 Megapixel haben.",
    ]);
  });

  it("takes videos only as kind=video, and images only as images", async () => {
    const host = await signUpHost(t);
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
    const video = await upload(host, webm, { filename: "clip.webm" }, "?kind=video");
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ kind: "video", mimeType: "video/webm" });
    const videoAsImage = await upload(host, webm, { filename: "clip.png" });
    expect(videoAsImage.json().errors).toEqual({ file: [UPLOAD_MESSAGES.invalidFileType] });
    const imageAsVideo = await upload(host, TINY_PNG, {}, "?kind=video");
    expect(imageAsVideo.json().errors).toEqual({ file: [UPLOAD_MESSAGES.invalidVideoFileType] });
  });

  it("needs a signed-in host and a file", async () => {
    expect((await upload(null, TINY_PNG)).statusCode).toBe(401);
    const host = await signUpHost(t);
    const empty = await t.request({
      method: "POST",
      url: "/api/uploads",
      headers: { ...host.headers, "content-type": "application/json" },
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ file: ["Choose a file."] });
  });
});

describe("POST /api/uploads with a body that is not readable multipart", () => {
  it("answers 422 with the spec's shape, never a 500", async () => {
    const host = await signUpHost(t);
    const whole = multipartFile(TINY_PNG);
    const boundary = whole.headers["content-type"].split("boundary=")[1]!;
    const unreadable = "The upload could not be read. Please send the file again.";
    const chooseFile = "Choose a file.";
    const bodies = [
      { type: "multipart/form-data", payload: whole.payload, message: unreadable },
      {
        type: whole.headers["content-type"],
        payload: whole.payload.subarray(0, whole.payload.length - 30),
        message: unreadable,
      },
      { type: "multipart/form-data; boundary=", payload: whole.payload, message: chooseFile },
      {
        type: whole.headers["content-type"],
        payload: Buffer.from(`--${boundary}\r\ngarbage`),
        message: chooseFile,
      },
    ];
    for (const { type, payload, message } of bodies) {
      const response = await t.request({
        method: "POST",
        url: "/api/uploads",
        headers: { ...host.headers, "content-type": type },
        payload,
      });
      expect(response.statusCode, `${type}: ${response.body}`).toBe(422);
      expect(response.json(), type).toEqual({ message, errors: { file: [message] } });
    }
  });
});

describe("avatars and deleting uploads", () => {
  it("sets the avatar to the host's own image only, and deletes it for its owner only", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const { id } = (await upload(host, TINY_PNG)).json();
    const theft = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: other.headers,
      payload: { avatarUploadId: id },
    });
    expect(theft.statusCode).toBe(422);
    expect(theft.json().errors).toEqual({ avatarUploadId: ["Upload not found."] });
    const set = await t.request({
      method: "PATCH",
      url: "/api/me",
      headers: host.headers,
      payload: { avatarUploadId: id },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.avatarUrl).toBe(`/api/uploads/${id}`);

    const foreignDelete = await t.request({
      method: "DELETE",
      url: `/api/uploads/${id}`,
      headers: other.headers,
    });
    expect(foreignDelete.statusCode).toBe(404);
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/uploads/${id}`,
      headers: host.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/uploads/${id}` })).statusCode).toBe(404);
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.json().user.avatarUrl).toBeNull();
  });
});
