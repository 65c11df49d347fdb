import { describe, expect, it } from "vitest";
import { blockImageSizes, srcsetOf } from "./imageSources";

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
