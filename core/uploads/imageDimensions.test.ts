import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { imageDimensions } from "./imageDimensions";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];

/** A JPEG's markers up to its frame header: SOI, optional APP segments, SOF0 of `w`×`h`. */
function jpeg(w: number, h: number, ...segments: number[][]) {
  const sof = [
    0xff,
    0xc0,
    ...be16(17),
    8,
    ...be16(h),
    ...be16(w),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return bytes([0xff, 0xd8], ...segments, sof, [0xff, 0xd9]);
}

/** An APP1 Exif segment with one IFD0 entry: the orientation, in `order` ("II" or "MM"). */
function exif(orientation: number, order: "II" | "MM") {
  const u16 = order === "II" ? le16 : be16;
  const u32 = (n: number) => (order === "II" ? [n, 0, 0, 0] : [0, 0, 0, n]);
  const tiff = bytes(
    order,
    u16(42),
    u32(8),
    u16(1),
    u16(0x0112),
    u16(3),
    u32(1),
    u16(orientation),
    [0, 0],
  );
  const body = bytes("Exif", [0, 0], [...tiff]);
  return [0xff, 0xe1, ...be16(body.length + 2), ...body];
}

describe("imageDimensions", () => {
  it("reads a real PNG's size from its IHDR chunk", () => {
    const png = PNG.sync.write(new PNG({ width: 640, height: 427 }));
    expect(imageDimensions(png)).toEqual({ type: "image/png", width: 640, height: 427 });
  });

  it("reads a JPEG's size from its frame header, past other segments", () => {
    const app0 = [0xff, 0xe0, ...be16(16), ...bytes("JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])];
    expect(imageDimensions(jpeg(1920, 1080, app0))).toEqual({
      type: "image/jpeg",
      width: 1920,
      height: 1080,
    });
  });

  it("turns a JPEG's size as its EXIF orientation shows it, in either byte order", () => {
    expect(imageDimensions(jpeg(4000, 3000, exif(6, "II")))).toMatchObject({
      width: 3000,
      height: 4000,
    });
    expect(imageDimensions(jpeg(4000, 3000, exif(8, "MM")))).toMatchObject({
      width: 3000,
      height: 4000,
    });
    expect(imageDimensions(jpeg(4000, 3000, exif(3, "MM")))).toMatchObject({
      width: 4000,
      height: 3000,
    });
  });

  it("reads GIF and the three WebP encodings", () => {
    expect(imageDimensions(bytes("GIF89a", le16(300), le16(200), [0, 0, 0]))).toEqual({
      type: "image/gif",
      width: 300,
      height: 200,
    });
    const riff = (chunk: string, body: number[]) =>
      bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [0, 0, 0, 0], body);
    const lossy = riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(960), ...le16(540), 0, 0]);
    expect(imageDimensions(lossy)).toEqual({ type: "image/webp", width: 960, height: 540 });
    const bits = (480 - 1) | ((270 - 1) << 14);
    const lossless = riff("VP8L", [
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      bits >>> 24,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(imageDimensions(lossless)).toEqual({ type: "image/webp", width: 480, height: 270 });
    const extended = riff("VP8X", [0, 0, 0, 0, ...le24(1920 - 1), ...le24(1080 - 1)]);
    expect(imageDimensions(extended)).toEqual({ type: "image/webp", width: 1920, height: 1080 });
  });

  it("gives null for headers cut short, videos, zero sizes and other files", () => {
    const png = PNG.sync.write(new PNG({ width: 10, height: 10 }));
    expect(imageDimensions(png.subarray(0, 20))).toBeNull();
    expect(imageDimensions(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4]))).toBeNull();
    expect(imageDimensions(bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0]))).toBeNull();
    expect(imageDimensions(bytes("GIF89a", le16(0), le16(200), [0, 0, 0]))).toBeNull();
    expect(imageDimensions(bytes("<svg width='10' height='10'/>"))).toBeNull();
  });
});
