import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import {
  blockImageSizes,
  srcsetOf,
  variantHeightFor,
  variantRefusal,
  variantWidthsFor,
} from "./imageVariants";

const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));
const original = { mimeType: "image/png", size: 50_000, width: 2000, height: 1333 };

describe("variantWidthsFor", () => {
  it("offers only widths narrower than the image: never upscaled", () => {
    expect(variantWidthsFor(4000)).toEqual([480, 960, 1920]);
    expect(variantWidthsFor(1920)).toEqual([480, 960]);
    expect(variantWidthsFor(800)).toEqual([480]);
    expect(variantWidthsFor(480)).toEqual([]);
  });

  it("keeps the aspect ratio, rounded, at least a pixel tall", () => {
    expect(variantHeightFor({ width: 2000, height: 1333 }, 480)).toBe(320);
    expect(variantHeightFor({ width: 5000, height: 2 }, 480)).toBe(1);
  });
});

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

describe("srcsetOf and blockImageSizes", () => {
  it("lists candidates narrowest first with width descriptors", () => {
    expect(
      srcsetOf([
        { url: "/a", width: 2000 },
        { url: "/b", width: 480 },
        { url: "/c", width: 960 },
      ]),
    ).toBe("/b 480w, /c 960w, /a 2000w");
  });

  it("sizes a block by its columns, the one column under 640 px", () => {
    expect(blockImageSizes(4)).toBe(
      "(min-width: 896px) 816px, (min-width: 640px) calc((100vw - 80px) * 1), calc(100vw - 40px)",
    );
    expect(blockImageSizes(2)).toMatch(
      /^\(min-width: 896px\) 400px, .* \* 0.5\), calc\(100vw - 40px\)$/,
    );
  });
});
