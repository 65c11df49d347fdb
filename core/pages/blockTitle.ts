import type { StoredBlock } from "./blockKinds";

/** Longest title the insights show for a block, in characters. */
export const BLOCK_TITLE_MAX = 80;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** A sanitised note's words, without its markup. */
function noteText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function shortened(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return trimmed.length > BLOCK_TITLE_MAX ? `${trimmed.slice(0, BLOCK_TITLE_MAX - 1)}…` : trimmed;
}

/**
 * What the owner's insights call a block: its own words (a headline's text, a note's first
 * words, a media block's description) or what it names (an event type's title, a member's
 * name), shortened; null when it has none, and the view names it by kind and position.
 */
export function blockTitle(
  block: StoredBlock,
  names: { eventTypes: ReadonlyMap<string, string>; people: ReadonlyMap<string, string> },
): string | null {
  switch (block.kind) {
    case "headline":
      return shortened(block.text);
    case "note":
      return shortened(noteText(block.html));
    case "media":
      return shortened(block.alt);
    case "event":
      return shortened(names.eventTypes.get(block.eventTypeId) ?? "");
    case "member":
      return shortened(names.people.get(block.userId) ?? "");
    default:
      return null;
  }
}
