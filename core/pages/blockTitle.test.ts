import { describe, expect, it } from "vitest";
import type { StoredBlock } from "./blockKinds";
import { BLOCK_TITLE_MAX, blockTitle } from "./blockTitle";

const base = { id: "b", layout: { x: 0, y: 0, w: 4, h: 1 }, visible: true };
const names = {
  eventTypes: new Map([["t1", "Discovery call"]]),
  people: new Map([["u1", "Cole Mate"]]),
};
const title = (block: StoredBlock) => blockTitle(block, names);

describe("blockTitle", () => {
  it("uses a block's own words or the name of what it shows", () => {
    expect(title({ ...base, kind: "headline", text: " Hello " })).toBe("Hello");
    expect(title({ ...base, kind: "event", eventTypeId: "t1" })).toBe("Discovery call");
    expect(title({ ...base, kind: "member", userId: "u1" })).toBe("Cole Mate");
    expect(
      title({ ...base, kind: "media", mediaKind: "image", uploadId: "f", alt: "Pia smiling" }),
    ).toBe("Pia smiling");
  });

  it("reads a note's words without its markup, entities decoded", () => {
    const html =
      "<p>Coffee <b>every</b> Friday &amp; <a href='https://x.example'>more</a></p><ul><li>one</li></ul>";
    expect(title({ ...base, kind: "note", html })).toBe("Coffee every Friday & more one");
  });

  it("is null when there are no words: untitled kinds, a gone event type, an empty description", () => {
    expect(title({ ...base, kind: "divider" })).toBeNull();
    expect(title({ ...base, kind: "socials", links: [] })).toBeNull();
    expect(title({ ...base, kind: "users", userIds: ["u1"] })).toBeNull();
    expect(title({ ...base, kind: "event", eventTypeId: "gone" })).toBeNull();
    expect(
      title({ ...base, kind: "media", mediaKind: "video", uploadId: "f", alt: "  " }),
    ).toBeNull();
  });

  it("shortens long words to the limit with an ellipsis", () => {
    const shown = title({ ...base, kind: "headline", text: "a".repeat(200) });
    expect(shown).toHaveLength(BLOCK_TITLE_MAX);
    expect(shown?.endsWith("…")).toBe(true);
  });
});
