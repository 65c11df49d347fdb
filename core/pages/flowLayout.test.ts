import { describe, expect, it } from "vitest";
import { flowLayout, inReadingOrder } from "./flowLayout";

describe("flowLayout", () => {
  it("fills rows start to end and wraps a block that does not fit", () => {
    expect(
      flowLayout([
        { w: 2, h: 1 },
        { w: 2, h: 1 },
        { w: 3, h: 1 },
        { w: 1, h: 1 },
      ]),
    ).toEqual([
      { x: 0, y: 0, w: 2, h: 1 },
      { x: 2, y: 0, w: 2, h: 1 },
      { x: 0, y: 1, w: 3, h: 1 },
      { x: 3, y: 1, w: 1, h: 1 },
    ]);
  });

  it("flows around a tall block and keeps reading order", () => {
    expect(
      flowLayout([
        { w: 2, h: 2 },
        { w: 2, h: 1 },
        { w: 2, h: 1 },
        { w: 4, h: 1 },
      ]),
    ).toEqual([
      { x: 0, y: 0, w: 2, h: 2 },
      { x: 2, y: 0, w: 2, h: 1 },
      { x: 2, y: 1, w: 2, h: 1 },
      { x: 0, y: 2, w: 4, h: 1 },
    ]);
  });

  it("narrows a block wider than the grid", () => {
    expect(flowLayout([{ w: 9, h: 1 }])).toEqual([{ x: 0, y: 0, w: 4, h: 1 }]);
  });

  it("sorts blocks by row, then column, without changing its argument", () => {
    const blocks = [
      { id: "c", layout: { x: 0, y: 1, w: 1, h: 1 } },
      { id: "b", layout: { x: 2, y: 0, w: 1, h: 1 } },
      { id: "a", layout: { x: 0, y: 0, w: 1, h: 1 } },
    ];
    expect(inReadingOrder(blocks).map((b) => b.id)).toEqual(["a", "b", "c"]);
    expect(blocks[0]!.id).toBe("c");
  });
});
