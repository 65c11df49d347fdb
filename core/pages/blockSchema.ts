import { z } from "zod";
import { colorField } from "../accounts/accountSchemas";
import { issueMessage } from "../issueMessage";
import {
  BLOCK_MAX_ROWS,
  HEADLINE_MAX,
  LIST_MAX_ENTRIES,
  MEDIA_ALT_MAX,
  NOTE_MAX,
  PAGE_GRID_COLUMNS,
  PAGE_MAX_BLOCKS,
  SOCIAL_NETWORKS,
} from "./blockKinds";

const REQUIRED = issueMessage("general.required");
const atMost = (count: number) => issueMessage("fields.atMostCharacters", { count });

/** A link a page shows: http(s) and parseable (spec §5: a URL is valid if it can be parsed). */
export const pageUrlField = z
  .string()
  .trim()
  .max(2000, { error: issueMessage("fields.invalidUrl") })
  .refine((value) => URL.canParse(value) && /^https?:\/\//i.test(value), {
    error: issueMessage("fields.invalidUrl"),
  });

export const blockLayoutSchema = z
  .object({
    x: z
      .int()
      .min(0)
      .max(PAGE_GRID_COLUMNS - 1),
    y: z
      .int()
      .min(0)
      .max(PAGE_MAX_BLOCKS * BLOCK_MAX_ROWS),
    w: z.int().min(1).max(PAGE_GRID_COLUMNS),
    h: z.int().min(1).max(BLOCK_MAX_ROWS),
  })
  .refine((layout) => layout.x + layout.w <= PAGE_GRID_COLUMNS, {
    error: issueMessage("pages.outsideGrid"),
  });

const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: issueMessage("general.invalidInput") }),
  layout: blockLayoutSchema,
  visible: z.boolean(),
};

const idField = z.uuid({ error: issueMessage("general.invalidInput") });

export const socialLinkSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS, { error: issueMessage("pages.unknownNetwork") }),
  url: pageUrlField,
});

/**
 * One block as the editor sends it. A media block without an `uploadId` brings its file in the
 * same request, as the part named `file-{id}`. A note's HTML is sanitised after this check.
 */
export const blockInputSchema = z.discriminatedUnion("kind", [
  z.object({
    ...base,
    kind: z.literal("headline"),
    text: z
      .string()
      .trim()
      .min(1, { error: REQUIRED })
      .max(HEADLINE_MAX, { error: atMost(HEADLINE_MAX) }),
  }),
  z.object({
    ...base,
    kind: z.literal("note"),
    html: z
      .string()
      .min(1, { error: REQUIRED })
      .max(NOTE_MAX, { error: atMost(NOTE_MAX) }),
  }),
  z.object({
    ...base,
    kind: z.literal("media"),
    mediaKind: z.enum(["image", "video"]),
    uploadId: idField.nullable(),
    alt: z
      .string()
      .trim()
      .max(MEDIA_ALT_MAX, { error: atMost(MEDIA_ALT_MAX) }),
  }),
  z.object({ ...base, kind: z.literal("divider") }),
  z.object({ ...base, kind: z.literal("background"), color: colorField }),
  z.object({ ...base, kind: z.literal("event"), eventTypeId: idField }),
  z.object({ ...base, kind: z.literal("member"), userId: idField }),
  z.object({
    ...base,
    kind: z.literal("users"),
    userIds: z.array(idField).min(1, { error: REQUIRED }).max(LIST_MAX_ENTRIES),
  }),
  z.object({
    ...base,
    kind: z.literal("teams"),
    teamIds: z.array(idField).min(1, { error: REQUIRED }).max(LIST_MAX_ENTRIES),
  }),
  z.object({
    ...base,
    kind: z.literal("socials"),
    links: z.array(socialLinkSchema).min(1, { error: REQUIRED }).max(SOCIAL_NETWORKS.length),
  }),
]);
export type BlockInput = z.infer<typeof blockInputSchema>;

/** The `components` part of `POST /api/page/{id}`: every block of the page, in reading order. */
export const pageComponentsSchema = z
  .object({
    blocks: z
      .array(blockInputSchema)
      .max(PAGE_MAX_BLOCKS, { error: issueMessage("pages.tooManyBlocks") }),
  })
  .superRefine(({ blocks }, ctx) => {
    const seen = new Set<string>();
    blocks.forEach((block, index) => {
      if (seen.has(block.id)) {
        ctx.addIssue({
          code: "custom",
          path: ["blocks", index, "id"],
          message: issueMessage("pages.duplicateId"),
        });
      }
      seen.add(block.id);
    });
  });
export type PageComponents = z.infer<typeof pageComponentsSchema>;
