import { describe, expect, it } from "vitest";
import { imageHeaderRefusal } from "./imageHeaderRefusal";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's signature and IHDR chunk declaring `width`×`height` (the CRC is not read). */
function pngHeader(width: number, height: number): Blob {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set(SIGNATURE);
  view.setUint32(8, 13);
  bytes.set(
    [..."IHDR"].map((c) => c.charCodeAt(0)),
    12,
  );
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return new Blob([bytes]);
}

describe("imageHeaderRefusal", () => {
  it("refuses before upload what the server refuses: too many pixels, no readable header", async () => {
    expect(await imageHeaderRefusal(pngHeader(60_000, 60_000))).toEqual({
      key: "imageTooManyPixels",
      max: 40,
    });
    expect(await imageHeaderRefusal(new Blob([new Uint8Array(SIGNATURE)]))).toEqual({
      key: "imageUnreadable",
      max: 40,
    });
    expect(await imageHeaderRefusal(pngHeader(640, 480))).toBeNull();
  });
});
