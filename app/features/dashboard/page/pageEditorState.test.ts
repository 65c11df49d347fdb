import { describe, expect, it } from "vitest";
import {
  initialPageEditorState,
  type PageEditorAction,
  type PageEditorState,
  pageEditorReducer,
  socialsToSave,
} from "./pageEditorState";
import { headlineFixture, pageFixture } from "./pageFixture";

const headline = (id: string, text = id) => headlineFixture(id, text);

const opened = (...ids: string[]): PageEditorState =>
  initialPageEditorState({ ...pageFixture([]).page, blocks: ids.map((id) => headline(id)) });

const run = (state: PageEditorState, ...actions: PageEditorAction[]) =>
  actions.reduce(pageEditorReducer, state);
const order = (state: PageEditorState) => state.blocks.map((block) => block.id);

describe("the page builder's state", () => {
  it("opens on the stored page, clean, with nothing chosen", () => {
    const state = opened("a", "b");
    expect(order(state)).toEqual(["a", "b"]);
    expect(state).toMatchObject({ dirty: false, saved: false, selectedId: null, welcome: "" });
    expect(initialPageEditorState({ ...pageFixture([]).page, blocks: null }).blocks).toEqual([]);
  });

  it("adds a block at the end, chosen, and counts as a change", () => {
    const state = run(opened("a"), { type: "add", block: headline("n") });
    expect(order(state)).toEqual(["a", "n"]);
    expect(state.selectedId).toBe("n");
    expect(state.dirty).toBe(true);
    // The grid places follow: the new full-width headline is on the second row.
    expect(state.blocks[1]?.layout.y).toBe(1);
  });

  it("deletes a block and Undo puts it back in its place, chosen", () => {
    const deleted = run(
      opened("a", "b", "c"),
      { type: "select", id: "b" },
      { type: "delete", id: "b" },
    );
    expect(order(deleted)).toEqual(["a", "c"]);
    expect(deleted.selectedId).toBeNull();
    expect(deleted.removed?.index).toBe(1);
    const undone = pageEditorReducer(deleted, { type: "undo" });
    expect(order(undone)).toEqual(["a", "b", "c"]);
    expect(undone.selectedId).toBe("b");
    expect(undone.removed).toBeNull();
    expect(pageEditorReducer(undone, { type: "undo" })).toBe(undone);
  });

  it("hides, resizes and edits one block without touching the others", () => {
    const state = run(
      opened("a", "b"),
      { type: "toggle", id: "a" },
      { type: "resize", id: "b", size: { w: 2, h: 3 } },
      { type: "patch", id: "b", patch: { text: "Hello" } },
    );
    expect(state.blocks.map((b) => b.visible)).toEqual([false, true]);
    expect(state.blocks[1]).toMatchObject({ text: "Hello", layout: { w: 2, h: 3 } });
  });

  it("moves a lifted block one place at a time, and stops at either end", () => {
    let state = run(opened("a", "b", "c"), { type: "lift", id: "a" });
    expect(state.lifted?.id).toBe("a");
    state = run(state, { type: "step", by: 1 }, { type: "step", by: 1 });
    expect(order(state)).toEqual(["b", "c", "a"]);
    expect(pageEditorReducer(state, { type: "step", by: 1 })).toBe(state);
    state = run(state, { type: "lift", id: "a" });
    expect(state.lifted).toBeNull();
    expect(order(state)).toEqual(["b", "c", "a"]);
    expect(state.dirty).toBe(true);
    // Without a lifted block, arrows move nothing.
    expect(pageEditorReducer(state, { type: "step", by: -1 })).toBe(state);
  });

  it("Escape puts the lifted block back where it was picked up", () => {
    const state = run(
      opened("a", "b", "c"),
      { type: "lift", id: "c" },
      { type: "step", by: -1 },
      { type: "step", by: -1 },
      { type: "cancelLift" },
    );
    expect(order(state)).toEqual(["a", "b", "c"]);
    expect(state.lifted).toBeNull();
  });

  it("drags a block from one place to another", () => {
    const state = run(opened("a", "b", "c"), { type: "move", from: 0, to: 2 });
    expect(order(state)).toEqual(["b", "c", "a"]);
    expect(pageEditorReducer(state, { type: "move", from: 1, to: 1 })).toBe(state);
  });

  it("keeps the welcome message and links typed as unsaved changes", () => {
    const state = run(
      opened(),
      { type: "welcome", value: "Hi" },
      { type: "socials", value: { x: " https://x.com/ana " } },
    );
    expect(state).toMatchObject({ welcome: "Hi", dirty: true });
    expect(socialsToSave(state.socials)).toMatchObject({
      x: "https://x.com/ana",
      linkedin: "",
    });
  });

  it("after a save holds the stored blocks, clean, keeping a new file's preview", () => {
    const withFile = run(
      opened("m"),
      { type: "patch", id: "m", patch: { fileUrl: "blob:preview" } },
      { type: "failed", errors: { "blocks.0.text": ["Required"] } },
    );
    expect(withFile.errors).toEqual({ "blocks.0.text": ["Required"] });
    expect(withFile.dirty).toBe(true);
    const saved = pageEditorReducer(withFile, { type: "saved", blocks: [headline("m", "stored")] });
    expect(saved).toMatchObject({ dirty: false, saved: true, errors: {} });
    expect(saved.blocks[0]).toMatchObject({ text: "stored", fileUrl: "blob:preview" });
    expect(pageEditorReducer(saved, { type: "welcome", value: "x" }).saved).toBe(false);
  });
});
