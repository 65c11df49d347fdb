import type { PageEditResponse } from "../../../../core/api/pages";
import { SOCIAL_NETWORKS } from "../../../../core/pages/blockKinds";
import {
  type BlockPatch,
  type EditorBlock,
  editorOrder,
  moveBlock,
  patchBlock,
  placeBlocks,
} from "./editorBlocks";

/** Everything the page builder holds between two saves. */
export interface PageEditorState {
  blocks: EditorBlock[];
  /** The block edited in the side panel. */
  selectedId: string | null;
  /** Changed since the last save (the leave guard asks before losing it). */
  dirty: boolean;
  /** The last save went through and nothing changed since. */
  saved: boolean;
  welcome: string;
  socials: Record<string, string>;
  /** The block deleted last, with its place, for Undo. */
  removed: { block: EditorBlock; index: number } | null;
  /** The last save's messages by field (`blocks.{index}.{field}`, `welcomeMessage`, …). */
  errors: Record<string, string[]>;
  /** The block picked up with the keyboard, and the order Escape puts back. */
  lifted: { id: string; order: EditorBlock[] } | null;
}

export type PageEditorAction =
  | { type: "add"; block: EditorBlock }
  | { type: "select"; id: string | null }
  | { type: "delete"; id: string }
  | { type: "undo" }
  | { type: "toggle"; id: string }
  | { type: "resize"; id: string; size: { w: number; h: number } }
  | { type: "patch"; id: string; patch: BlockPatch }
  | { type: "move"; from: number; to: number }
  /** Space or Enter on a block's handle: picks the block up, or puts the lifted one down. */
  | { type: "lift"; id: string }
  /** An arrow key while a block is lifted: one place earlier (-1) or later (1). */
  | { type: "step"; by: -1 | 1 }
  /** Escape while a block is lifted: the order from before it was picked up. */
  | { type: "cancelLift" }
  | { type: "welcome"; value: string }
  | { type: "socials"; value: Record<string, string> }
  /** The server stored the page and answered with its blocks. */
  | { type: "saved"; blocks: EditorBlock[] }
  | { type: "failed"; errors: Record<string, string[]> };

/** The social links as the page stores them: every network, trimmed, empty for none. */
export const socialsToSave = (socials: Readonly<Record<string, string>>) =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socials[network]?.trim() ?? ""]));

/** The builder as it opens on a stored page. */
export function initialPageEditorState(page: PageEditResponse["page"]): PageEditorState {
  return {
    blocks: editorOrder(page.blocks ?? []),
    selectedId: null,
    dirty: false,
    saved: false,
    welcome: page.welcomeMessage ?? "",
    socials: { ...page.socials },
    removed: null,
    errors: {},
    lifted: null,
  };
}

/** The builder after `action`; the state given is left as it was. */
export function pageEditorReducer(
  state: PageEditorState,
  action: PageEditorAction,
): PageEditorState {
  // An edit of the blocks: their grid places follow their new order and sizes.
  const edit = (blocks: EditorBlock[], rest: Partial<PageEditorState> = {}): PageEditorState => ({
    ...state,
    ...rest,
    blocks: placeBlocks(blocks),
    dirty: true,
    saved: false,
  });
  const indexOf = (id: string) => state.blocks.findIndex((block) => block.id === id);
  switch (action.type) {
    case "add":
      return edit([...state.blocks, action.block], { selectedId: action.block.id });
    case "select":
      return { ...state, selectedId: action.id };
    case "delete": {
      const index = indexOf(action.id);
      const block = state.blocks[index];
      if (!block) return state;
      return edit(
        state.blocks.filter((b) => b.id !== action.id),
        { removed: { block, index }, selectedId: null },
      );
    }
    case "undo": {
      if (!state.removed) return state;
      const { block, index } = state.removed;
      return edit([...state.blocks.slice(0, index), block, ...state.blocks.slice(index)], {
        removed: null,
        selectedId: block.id,
      });
    }
    case "toggle":
      return edit(
        state.blocks.map((b) => (b.id === action.id ? { ...b, visible: !b.visible } : b)),
      );
    case "resize":
      return edit(
        state.blocks.map((b) =>
          b.id === action.id ? { ...b, layout: { ...b.layout, ...action.size } } : b,
        ),
      );
    case "patch":
      return edit(patchBlock(state.blocks, action.id, action.patch));
    case "move":
      if (action.from === action.to || action.from < 0 || action.to < 0) return state;
      return edit(moveBlock(state.blocks, action.from, action.to));
    case "lift":
      if (state.lifted) return { ...state, lifted: null };
      return indexOf(action.id) < 0
        ? state
        : { ...state, lifted: { id: action.id, order: state.blocks } };
    case "step": {
      if (!state.lifted) return state;
      const from = indexOf(state.lifted.id);
      const to = Math.min(state.blocks.length - 1, Math.max(0, from + action.by));
      return to === from ? state : edit(moveBlock(state.blocks, from, to));
    }
    case "cancelLift":
      return state.lifted ? { ...state, blocks: state.lifted.order, lifted: null } : state;
    case "welcome":
      return { ...state, welcome: action.value, dirty: true, saved: false };
    case "socials":
      return { ...state, socials: action.value, dirty: true, saved: false };
    case "saved": {
      // A new file's preview stays until the refreshed options know its upload.
      const previews = new Map(state.blocks.map((block) => [block.id, block.fileUrl]));
      const blocks = editorOrder(action.blocks).map((block) => {
        const fileUrl = previews.get(block.id);
        return fileUrl ? { ...block, fileUrl } : block;
      });
      return { ...state, blocks, dirty: false, saved: true, errors: {} };
    }
    case "failed":
      return { ...state, errors: action.errors };
  }
}
