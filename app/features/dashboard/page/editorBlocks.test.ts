import { describe, expect, it } from "vitest";
import {
  blockErrors,
  moveBlock,
  newBlock,
  pageFormData,
  patchBlock,
  placeBlocks,
  previewBlocks,
} from "./editorBlocks";

const anaCall = { title: "Ana's call", duration: 45, description: "", path: "/ana/call" };
const options = {
  eventTypes: [{ id: "e1", title: "Intro", duration: 30, description: "", path: "/ana/intro" }],
  people: [{ id: "p1", name: "Ana", username: "ana", avatarUrl: null, eventTypes: [anaCall] }],
  teams: [],
  media: {},
};

describe("editor blocks", () => {
  it("starts a block of each kind, or none when nothing can be chosen", () => {
    expect(newBlock("event", "a", options)).toMatchObject({ kind: "event", eventTypeId: "e1" });
    expect(newBlock("teams", "b", options)).toBeNull();
    expect(newBlock("headline", "c", options)?.layout).toEqual({ x: 0, y: 0, w: 4, h: 1 });
  });

  it("reorders and places blocks in reading order", () => {
    const blocks = ["a", "b", "c"].map((id) => newBlock("media", id, options)!);
    const moved = placeBlocks(moveBlock(blocks, 2, 0));
    expect(moved.map((b) => [b.id, b.layout.x, b.layout.y])).toEqual([
      ["c", 0, 0],
      ["a", 2, 0],
      ["b", 0, 1],
    ]);
  });

  it("leaves background blocks out of the flow: they take no cell on the page", () => {
    const blocks = placeBlocks([
      newBlock("background", "bg", options)!,
      newBlock("event", "e", options)!,
      newBlock("event", "f", options)!,
    ]);
    expect(blocks.map((b) => [b.id, b.layout.x, b.layout.y])).toEqual([
      ["bg", 0, 0],
      ["e", 0, 0],
      ["f", 2, 0],
    ]);
  });

  it("merges an edit into the block as it is by then, keeping fields set since", () => {
    const media = newBlock("media", "m", options)!;
    const typed = patchBlock([media, newBlock("divider", "d", options)!], "m", { alt: "A dog" });
    const file = new File([new Uint8Array([1])], "a.png");
    // The file arrives after the description was typed: both stay, the other block untouched.
    const [withFile, divider] = patchBlock(typed, "m", { uploadId: "", file, fileUrl: "blob:x" });
    expect(withFile).toMatchObject({ id: "m", kind: "media", alt: "A dog", file });
    expect(divider).toBe(typed[1]);
    expect(patchBlock(typed, "gone", { alt: "x" })).toEqual(typed);
  });

  it("sends new files as their own parts and their blocks without an upload id", async () => {
    const media = {
      ...newBlock("media", "m", options)!,
      file: new File([new Uint8Array([1])], "a.png"),
      fileUrl: "blob:x",
    };
    const body = pageFormData([media]);
    const components = JSON.parse(body.get("components") as string);
    expect(components.blocks[0]).not.toHaveProperty("file");
    expect(components.blocks[0]).not.toHaveProperty("fileUrl");
    expect(components.blocks[0].uploadId).toBeNull();
    expect(body.get("file-m")).toBeInstanceOf(File);
  });

  it("previews a member block with the person's event types, as the public page lists them", () => {
    const [member] = previewBlocks([newBlock("member", "m", options)!], options);
    expect(member).toEqual({
      id: "m",
      layout: { x: 0, y: 0, w: 2, h: 1 },
      kind: "member",
      person: { name: "Ana", username: "ana", avatarUrl: null },
      eventTypes: [anaCall],
    });
  });

  it("picks a block's messages out of a 422", () => {
    expect(blockErrors({ "blocks.1.text": ["Required"], "blocks.10.x": ["No"] }, 1)).toEqual({
      text: ["Required"],
    });
  });
});
