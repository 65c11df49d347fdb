import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { VIDEO_MAX_BYTES } from "../../../core/uploads/uploadLimits";
import { type Host, signUpHost } from "../../test/factories";
import { multipartFile } from "../../test/multipart";
import { startS3Double } from "../../test/s3Double";
import { createTestApp, type TestApp } from "../../test/testApp";

// A WebM of 300 000 bytes: the magic number, then a counting pattern, so every range differs.
const VIDEO = Buffer.alloc(300_000);
for (let i = 0; i < VIDEO.length; i += 1) VIDEO[i] = (i * 7) % 251;
VIDEO.set([0x1a, 0x45, 0xdf, 0xa3], 0);

const s3 = await startS3Double("media/");
afterAll(() => s3.close());
const stores: [string, TestApp][] = [
  ["PostgreSQL", await createTestApp()],
  ["an S3 bucket", await createTestApp({ s3: s3.config })],
];

async function uploadVideo(t: TestApp, host: Host): Promise<string> {
  const body = multipartFile(VIDEO, { filename: "clip.webm" });
  const response = await t.request({
    method: "POST",
    url: "/api/uploads?kind=video",
    headers: { ...body.headers, ...host.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url;
}

describe.each(stores)("serving uploads from %s", (_name, t) => {
  it("serves the whole file, immutable for a year, with its SHA-256 as ETag", async () => {
    const url = await uploadVideo(t, await signUpHost(t));
    const served = await t.request({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(VIDEO)).toBe(true);
    expect(served.headers).toMatchObject({
      "content-type": "video/webm",
      "content-length": String(VIDEO.length),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${createHash("sha256").update(VIDEO).digest("hex")}"`,
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
    });
    const again = await t.request({
      method: "GET",
      url,
      headers: { "if-none-match": served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const any = await t.request({ method: "GET", url, headers: { "if-none-match": "*" } });
    expect(any.statusCode).toBe(304);
    const changed = await t.request({ method: "GET", url, headers: { "if-none-match": '"x"' } });
    expect(changed.statusCode).toBe(200);
  });

  it("answers a byte range with 206 and Content-Range, as video players seek", async () => {
    const url = await uploadVideo(t, await signUpHost(t));
    const middle = await t.request({ method: "GET", url, headers: { range: "bytes=1000-1999" } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 1000-1999/${VIDEO.length}`);
    expect(middle.headers["content-length"]).toBe("1000");
    expect(middle.rawPayload.equals(VIDEO.subarray(1000, 2000))).toBe(true);

    const tail = await t.request({ method: "GET", url, headers: { range: "bytes=-10" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 10))).toBe(true);

    const open = await t.request({ method: "GET", url, headers: { range: "bytes=299990-" } });
    expect(open.headers["content-range"]).toBe(`bytes 299990-299999/${VIDEO.length}`);
    expect(open.rawPayload.equals(VIDEO.subarray(299_990))).toBe(true);
  });

  it("answers 416 for a range past the end, and the whole file when If-Range names another copy", async () => {
    const url = await uploadVideo(t, await signUpHost(t));
    const past = await t.request({ method: "GET", url, headers: { range: "bytes=300000-" } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${VIDEO.length}`);
    const stale = await t.request({
      method: "GET",
      url,
      headers: { range: "bytes=0-9", "if-range": '"another"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(VIDEO.length);
  });

  it("stores and serves a video of the full 10 MB, a range from its end too", async () => {
    const host = await signUpHost(t);
    const big = Buffer.alloc(VIDEO_MAX_BYTES, 7);
    big.set([0x1a, 0x45, 0xdf, 0xa3], 0);
    const body = multipartFile(big, { filename: "long.webm" });
    const uploaded = await t.request({
      method: "POST",
      url: "/api/uploads?kind=video",
      headers: { ...body.headers, ...host.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json();
    const whole = await t.request({ method: "GET", url });
    expect(whole.rawPayload.equals(big)).toBe(true);
    const end = await t.request({ method: "GET", url, headers: { range: "bytes=-4" } });
    expect(end.statusCode).toBe(206);
    expect([...end.rawPayload]).toEqual([7, 7, 7, 7]);
  });

  it("answers HEAD with the headers only, and 404 for an unknown or deleted upload", async () => {
    const host = await signUpHost(t);
    const url = await uploadVideo(t, host);
    const head = await t.request({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(VIDEO.length));
    expect(head.rawPayload.length).toBe(0);
    await t.request({ method: "DELETE", url, headers: host.headers });
    expect((await t.request({ method: "GET", url })).statusCode).toBe(404);
    const unknown = await t.request({
      method: "GET",
      url: "/api/uploads/00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Upload not found." });
  });
});
