import { describe, expect, it } from "vitest";
import { detectMediaType, isImageType } from "./detectMediaType";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

describe("detectMediaType", () => {
  it("recognises the accepted images by their signatures", () => {
    expect(detectMediaType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(detectMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(detectMediaType(bytes("GIF89a", [1, 0]))).toBe("image/gif");
    expect(detectMediaType(bytes("GIF87a"))).toBe("image/gif");
    expect(detectMediaType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
  });

  it("recognises MP4 and WebM videos", () => {
    expect(detectMediaType(bytes([0, 0, 0, 0x18], "ftypisom"))).toBe("video/mp4");
    expect(detectMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("video/webm");
    expect(detectMediaType(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBeNull();
  });

  it("refuses anything else, whatever it claims to be", () => {
    expect(detectMediaType(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectMediaType(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(detectMediaType(bytes("RIFF", [1, 2, 3, 4], "WAVE"))).toBeNull();
    expect(detectMediaType(bytes([0x89], "PN"))).toBeNull();
    expect(detectMediaType(new Uint8Array())).toBeNull();
  });

  it("tells images from videos", () => {
    expect(isImageType("image/webp")).toBe(true);
    expect(isImageType("video/mp4")).toBe(false);
  });
});
