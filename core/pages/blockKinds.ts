// The profile page's block kinds, their limits and grid, zod-free so the editor and the public
// page can import them without bundling zod (the schemas are in blockSchema.ts).

/** Spec §1's block kinds, in the order the editor's toolbar offers them. */
export const BLOCK_KINDS = [
  "headline",
  "note",
  "media",
  "divider",
  "background",
  "event",
  "member",
  "users",
  "teams",
  "socials",
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The networks the socials dialog offers, plus a website. */
export const SOCIAL_NETWORKS = [
  "linkedin",
  "instagram",
  "x",
  "facebook",
  "youtube",
  "tiktok",
  "website",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Columns of the page's grid at 640 px and wider; under 640 px every block takes one column. */
export const PAGE_GRID_COLUMNS = 4;
/** Tallest block, in grid rows. */
export const BLOCK_MAX_ROWS = 6;
export const PAGE_MAX_BLOCKS = 50;
export const HEADLINE_MAX = 120;
/** Longest note, in characters of its sanitised HTML. */
export const NOTE_MAX = 5000;
export const MEDIA_ALT_MAX = 200;
export const LIST_MAX_ENTRIES = 20;

/** Where a block sits in the grid: column and row from 0, width in columns, height in rows. */
export interface BlockLayout {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface BlockBase {
  /** Chosen by the editor; unique in the page. Insights count clicks by it (`component_id`). */
  id: string;
  layout: BlockLayout;
  visible: boolean;
}

/** A block as the owner stores and edits it: references by id. */
export type StoredBlock = BlockBase &
  (
    | { kind: "headline"; text: string }
    | { kind: "note"; html: string }
    | { kind: "media"; mediaKind: "image" | "video"; uploadId: string; alt: string }
    | { kind: "divider" }
    | { kind: "background"; color: string }
    | { kind: "event"; eventTypeId: string }
    | { kind: "member"; userId: string }
    | { kind: "users"; userIds: string[] }
    | { kind: "teams"; teamIds: string[] }
    | { kind: "socials"; links: { network: SocialNetwork; url: string }[] }
  );

/** A person as a page shows them. */
export interface PagePerson {
  name: string;
  username: string;
  avatarUrl: string | null;
}

/** An event type as a page's event block shows it. */
export interface PageEventType {
  title: string;
  duration: number;
  description: string;
  path: string;
}

/** A visible block as the public page shows it: references resolved, nothing private. */
export type PublicBlock = Omit<BlockBase, "visible"> &
  (
    | { kind: "headline"; text: string }
    | { kind: "note"; html: string }
    | {
        kind: "media";
        mediaKind: "image" | "video";
        url: string;
        alt: string;
        /** An image's pixel size, null when unknown (videos, images stored before sizes). */
        width: number | null;
        height: number | null;
        /** `srcset` candidates: the image's smaller copies and itself; empty without copies. */
        sources: { url: string; width: number }[];
      }
    | { kind: "divider" }
    | { kind: "background"; color: string }
    | { kind: "event"; eventType: PageEventType }
    | { kind: "member"; person: PagePerson; eventTypes: PageEventType[] }
    | { kind: "users"; people: PagePerson[] }
    | { kind: "teams"; teams: { name: string; slug: string }[] }
    | { kind: "socials"; links: { network: SocialNetwork; url: string }[] }
  );
