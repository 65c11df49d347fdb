/** A stored variant, as a `srcset` candidate. */
export interface ImageCandidate {
  url: string;
  width: number;
}

/** The `srcset` of an image: its variants and the original, each with its width descriptor. */
export function srcsetOf(candidates: readonly ImageCandidate[]): string {
  return [...candidates]
    .sort((a, b) => a.width - b.width)
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(", ");
}

/**
 * The `sizes` of an image in a block `columns` wide (of 4) on the public page: the card is at
 * most 56rem wide with 2.5rem padding from 640 px on (1.25rem under it, where blocks take the
 * one column), and 1rem gaps between columns.
 */
export function blockImageSizes(columns: number): string {
  const span = Math.min(4, Math.max(1, columns));
  const widest = Math.round(((896 - 80 - 3 * 16) * span) / 4 + 16 * (span - 1));
  const share = span / 4;
  return [
    `(min-width: 896px) ${widest}px`,
    `(min-width: 640px) calc((100vw - 80px) * ${share})`,
    "calc(100vw - 40px)",
  ].join(", ");
}
