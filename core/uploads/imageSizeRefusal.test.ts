import { describe, expect, it } from "vitest";
import { message } from "../messages";
import { imageSizeRefusal } from "./imageSizeRefusal";
import { IMAGE_MAX_PIXELS } from "./uploadLimits";

describe("imageSizeRefusal", () => {
  const png = (width: number, height: number) => ({ type: "image/png" as const, width, height });

  it("takes an image up to the pixel limit and refuses one over it, naming the limit", () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
    expect(imageSizeRefusal(png(8_000, 5_000))).toBeNull();
    expect(imageSizeRefusal(png(1, 1))).toBeNull();
    const over = message("uploads.imageTooManyPixels", { max: 40 });
    expect(imageSizeRefusal(png(8_000, 5_001))).toEqual(over);
    expect(imageSizeRefusal(png(60_000, 60_000))).toEqual(over);
  });

  it("refuses an image whose header could not be read", () => {
    expect(imageSizeRefusal(null)).toEqual(message("uploads.imageUnreadable"));
  });
});
