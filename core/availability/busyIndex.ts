import type { BusyBlock } from "./types";

/** A host's busy blocks sorted by `from`, with running maxima of `to` for logarithmic overlap queries. */
export interface BusyIndex {
  readonly blocks: readonly BusyBlock[];
  readonly maxTo: readonly number[];
}

/** Indexes busy blocks for overlap queries, leaving the input untouched; empty blocks are dropped; never throws. */
export function buildBusyIndex(blocks: readonly BusyBlock[]): BusyIndex {
  const sorted = blocks.filter((b) => b.to > b.from).sort((a, b) => a.from - b.from);
  const maxTo: number[] = [];
  let max = Number.NEGATIVE_INFINITY;
  for (const block of sorted) {
    max = Math.max(max, block.to);
    maxTo.push(max);
  }
  return { blocks: sorted, maxTo };
}

// How many blocks start before `before`.
function countStartingBefore(index: BusyIndex, before: number): number {
  let lo = 0;
  let hi = index.blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.blocks[mid]!.from < before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether half-open [from, to) overlaps any block's [from, to) (touching is not overlapping),
 * ignoring the block of `exceptEventId` when given; never throws.
 */
export function overlapsBusy(
  index: BusyIndex,
  from: number,
  to: number,
  exceptEventId?: string,
): boolean {
  const count = countStartingBefore(index, to);
  if (count === 0 || index.maxTo[count - 1]! <= from) return false;
  if (exceptEventId === undefined) return true;
  for (let i = 0; i < count; i++) {
    const block = index.blocks[i]!;
    if (block.to > from && block.eventId !== exceptEventId) return true;
  }
  return false;
}
