import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { variantRefusal } from "./variantRefusal";

const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));
const original = { mimeType: "image/png", size: 50_000, width: 2000, height: 1333 };

describe("variantRefusal", () => {
  it("accepts a copy of a listed width, as wide as declared, in proportion and smaller", () => {
    expect(variantRefusal(original, 480, png(480, 320))).toBeNull();
    expect(variantRefusal(original, 960, png(960, 639))).toBeNull();
  });

  it("refuses a copy whose header says another width than declared", () => {
    expect(variantRefusal(original, 480, png(960, 640))?.key).toBe("uploads.variantMismatch");
  });

  it("refuses a copy out of the image's proportions", () => {
    expect(variantRefusal(original, 480, png(480, 480))?.key).toBe("uploads.variantMismatch");
  });

  it("refuses upscaling and widths that are not listed", () => {
    expect(variantRefusal({ ...original, width: 900, height: 600 }, 960, png(960, 640))?.key).toBe(
      "uploads.variantMismatch",
    );
    expect(variantRefusal(original, 500, png(500, 333))?.key).toBe("uploads.variantMismatch");
  });

  it("refuses a copy larger in bytes than the image", () => {
    const copy = png(480, 320);
    expect(variantRefusal({ ...original, size: copy.length - 1 }, 480, copy)?.key).toBe(
      "uploads.variantMismatch",
    );
  });

  it("refuses bytes that are no image, and GIF copies", () => {
    expect(variantRefusal(original, 480, Buffer.from("<svg/>"))?.key).toBe(
      "uploads.invalidFileType",
    );
    const gif = Buffer.from([...Buffer.from("GIF89a"), 0xe0, 1, 0x40, 1, 0, 0, 0]);
    expect(variantRefusal(original, 480, gif)?.key).toBe("uploads.invalidFileType");
  });

  it("refuses copies of GIFs and of images whose size is unknown", () => {
    expect(variantRefusal({ ...original, mimeType: "image/gif" }, 480, png(480, 320))?.key).toBe(
      "uploads.variantNotResizable",
    );
    expect(variantRefusal({ ...original, width: null }, 480, png(480, 320))?.key).toBe(
      "uploads.variantNotResizable",
    );
  });
});
