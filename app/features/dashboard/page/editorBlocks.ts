import type { PageEditResponse, StoredBlockResponse } from "../../../../core/api/pages";
import type {
  BlockKind,
  BlockLayout,
  PageEventType,
  PublicBlock,
} from "../../../../core/pages/blockKinds";
import { flowLayout, inReadingOrder } from "../../../../core/pages/flowLayout";
import type { ImageCopy } from "./imageCopies";

/** A block in the editor: as stored, plus a new file not sent yet (media). */
export type EditorBlock = StoredBlockResponse & {
  /** A media block's file chosen in this session, sent with the next save. */
  file?: File;
  /** An object URL of `file`, for the preview. */
  fileUrl?: string;
  /** Smaller copies of a new image `file`, sent with it for phones and narrow blocks. */
  copies?: ImageCopy[];
};

export type EditOptions = PageEditResponse["options"];

type PatchOf<Block> = Block extends unknown ? Partial<Omit<Block, "id" | "kind">> : never;

/** Some fields of one kind of block: what an edit in the side panel changes. */
export type BlockPatch = PatchOf<EditorBlock>;

/** `blocks` with `patch` merged into the block `id` (a patch names fields of that block's kind). */
export function patchBlock(
  blocks: readonly EditorBlock[],
  id: string,
  patch: BlockPatch,
): EditorBlock[] {
  return blocks.map((block) => (block.id === id ? ({ ...block, ...patch } as EditorBlock) : block));
}

/** A new block's size: full width for text and lists, half for cards and media. */
const DEFAULT_WIDTH: Record<BlockKind, number> = {
  headline: 4,
  note: 4,
  media: 2,
  divider: 4,
  background: 1,
  event: 2,
  member: 2,
  users: 2,
  teams: 2,
  socials: 4,
};

/** A fresh block of `kind` with its first choices made from `options`; null when none fits. */
export function newBlock(kind: BlockKind, id: string, options: EditOptions): EditorBlock | null {
  const base = { id, visible: true, layout: { x: 0, y: 0, w: DEFAULT_WIDTH[kind], h: 1 } };
  switch (kind) {
    case "headline":
      return { ...base, kind, text: "" };
    case "note":
      return { ...base, kind, html: "" };
    case "media":
      return { ...base, kind, mediaKind: "image", uploadId: "", alt: "" };
    case "divider":
      return { ...base, kind };
    case "background":
      return { ...base, kind, color: "F2F4F7" };
    case "event": {
      const first = options.eventTypes[0];
      return first ? { ...base, kind, eventTypeId: first.id } : null;
    }
    case "member": {
      const first = options.people[0];
      return first ? { ...base, kind, userId: first.id } : null;
    }
    case "users":
      return options.people.length > 0
        ? { ...base, kind, userIds: options.people.map((p) => p.id) }
        : null;
    case "teams":
      return options.teams.length > 0
        ? { ...base, kind, teamIds: options.teams.map((team) => team.id) }
        : null;
    case "socials":
      return { ...base, kind, links: [{ network: "linkedin", url: "" }] };
  }
}

/**
 * The blocks with their grid places recomputed from their order and sizes. A background block
 * colours the page and takes no cell, so it is left out of the flow (placed at the start).
 */
export function placeBlocks<T extends { kind: string; layout: BlockLayout }>(
  blocks: readonly T[],
): T[] {
  const inFlow = blocks.filter((block) => block.kind !== "background");
  const places = flowLayout(inFlow.map((block) => block.layout));
  return blocks.map((block) =>
    block.kind === "background"
      ? { ...block, layout: { ...block.layout, x: 0, y: 0 } }
      : { ...block, layout: places[inFlow.indexOf(block)]! },
  );
}

/** Saved blocks in the order the editor lists them (reading order). */
export function editorOrder(blocks: readonly EditorBlock[]): EditorBlock[] {
  return inReadingOrder(blocks);
}

/** Moves the block at `from` to `to`, shifting the others. */
export function moveBlock<T>(blocks: readonly T[], from: number, to: number): T[] {
  const next = [...blocks];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The visible blocks as the public page will show them, resolved from the editor's options,
 * for the live preview. Blocks with nothing to show yet are left out.
 */
export function previewBlocks(blocks: readonly EditorBlock[], options: EditOptions): PublicBlock[] {
  const types = new Map(options.eventTypes.map((type) => [type.id, type]));
  const people = new Map(options.people.map((person) => [person.id, person]));
  const teams = new Map(options.teams.map((team) => [team.id, team]));
  const eventType = (id: string): PageEventType | undefined => types.get(id);
  return blocks.flatMap((block) => (block.visible ? previewOf(block) : []));

  function previewOf(block: EditorBlock): PublicBlock[] {
    const base = { id: block.id, layout: block.layout };
    switch (block.kind) {
      case "headline":
        return block.text.trim() ? [{ ...base, kind: "headline", text: block.text }] : [];
      case "note":
        return block.html.trim() ? [{ ...base, kind: "note", html: block.html }] : [];
      case "media": {
        const url = block.fileUrl ?? options.media[block.uploadId];
        if (!url) return [];
        const media = { kind: "media", mediaKind: block.mediaKind, url, alt: block.alt } as const;
        return [{ ...base, ...media, width: null, height: null, sources: [] }];
      }
      case "divider":
        return [{ ...base, kind: "divider" }];
      case "background":
        return [{ ...base, kind: "background", color: block.color }];
      case "event": {
        const type = eventType(block.eventTypeId);
        return type ? [{ ...base, kind: "event", eventType: type }] : [];
      }
      case "member": {
        const person = people.get(block.userId);
        if (!person) return [];
        const { name, username, avatarUrl, eventTypes } = person;
        return [{ ...base, kind: "member", person: { name, username, avatarUrl }, eventTypes }];
      }
      case "users": {
        const shown = block.userIds.flatMap((id) => people.get(id) ?? []);
        return shown.length > 0 ? [{ ...base, kind: "users", people: shown }] : [];
      }
      case "teams": {
        const shown = block.teamIds.flatMap((id) => teams.get(id) ?? []);
        return shown.length > 0 ? [{ ...base, kind: "teams", teams: shown }] : [];
      }
      case "socials": {
        const links = block.links.filter((link) => URL.canParse(link.url));
        return links.length > 0 ? [{ ...base, kind: "socials", links }] : [];
      }
    }
  }
}

/**
 * The save request's body: the `components` JSON (every block in order, new media without an
 * upload id), each new file as the part `file-{blockId}` and its smaller copies as
 * `variant-{width}-{blockId}`.
 */
export function pageFormData(blocks: readonly EditorBlock[]): FormData {
  const body = new FormData();
  const components = blocks.map(({ file, fileUrl, copies, ...block }) =>
    block.kind === "media" && (file !== undefined || block.uploadId === "")
      ? { ...block, uploadId: null }
      : block,
  );
  body.append("components", JSON.stringify({ blocks: components }));
  for (const block of blocks) {
    if (!block.file) continue;
    body.append(`file-${block.id}`, block.file);
    for (const copy of block.copies ?? []) {
      body.append(`variant-${copy.width}-${block.id}`, copy.blob, `${copy.width}.img`);
    }
  }
  return body;
}

/** The messages of a 422 for the block at `index`, by field (`blocks.{index}.{field}`). */
export function blockErrors(
  errors: Record<string, string[]>,
  index: number,
): Record<string, string[]> {
  const prefix = `blocks.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, messages]) => [key.slice(prefix.length), messages]),
  );
}
