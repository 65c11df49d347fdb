import { type BlockLayout, PAGE_GRID_COLUMNS } from "./blockKinds";

/**
 * Places blocks in reading order on the page's grid: each block takes the first free cell
 * (row by row, start to end) where its width and height fit, as CSS grid's dense flow would.
 * Returns new layouts in the order given; widths past the grid are narrowed to it.
 */
export function flowLayout(
  sizes: readonly { w: number; h: number }[],
  columns = PAGE_GRID_COLUMNS,
): BlockLayout[] {
  const taken = new Set<string>();
  const free = (x: number, y: number, w: number, h: number) => {
    for (let row = y; row < y + h; row++) {
      for (let col = x; col < x + w; col++) if (taken.has(`${col},${row}`)) return false;
    }
    return true;
  };
  let cursorRow = 0;
  return sizes.map(({ w: width, h }) => {
    const w = Math.min(Math.max(1, width), columns);
    for (let y = cursorRow; ; y++) {
      for (let x = 0; x + w <= columns; x++) {
        if (!free(x, y, w, h)) continue;
        for (let row = y; row < y + h; row++) {
          for (let col = x; col < x + w; col++) taken.add(`${col},${row}`);
        }
        // Reading order: a later block never goes above an earlier one's row.
        cursorRow = y;
        return { x, y, w, h };
      }
    }
  });
}

/** The blocks in reading order: by row, then column. */
export function inReadingOrder<T extends { layout: BlockLayout }>(blocks: readonly T[]): T[] {
  return [...blocks].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}
