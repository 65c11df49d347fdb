import { z } from "zod";
import { WELCOME_MESSAGE_MAX } from "../accounts/profileLimits";
import { issueMessage } from "../issueMessage";
import { SOCIAL_NETWORKS } from "../pages/blockKinds";
import { pageUrlField } from "../pages/blockSchema";

export { blockInputSchema, pageComponentsSchema } from "../pages/blockSchema";

/** `{id}` of the page calls: a username or a team's slug. */

/** A link of a socials block: the network and the address. */
const socialLinkSchema = z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() });

export const pageParams = z.object({ id: z.string().min(1).max(200) });

const layoutSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
const blockBase = { id: z.string(), layout: layoutSchema };

/** A block as the owner stores and edits it (references by id). */
export const storedBlockSchema = z.discriminatedUnion("kind", [
  z.object({ ...blockBase, visible: z.boolean(), kind: z.literal("headline"), text: z.string() }),
  z.object({ ...blockBase, visible: z.boolean(), kind: z.literal("note"), html: z.string() }),
  z.object({
    ...blockBase,
    visible: z.boolean(),
    kind: z.literal("media"),
    mediaKind: z.enum(["image", "video"]),
    uploadId: z.string(),
    alt: z.string(),
  }),
  z.object({ ...blockBase, visible: z.boolean(), kind: z.literal("divider") }),
  z.object({
    ...blockBase,
    visible: z.boolean(),
    kind: z.literal("background"),
    color: z.string(),
  }),
  z.object({
    ...blockBase,
    visible: z.boolean(),
    kind: z.literal("event"),
    eventTypeId: z.string(),
  }),
  z.object({ ...blockBase, visible: z.boolean(), kind: z.literal("member"), userId: z.string() }),
  z.object({
    ...blockBase,
    visible: z.boolean(),
    kind: z.literal("users"),
    userIds: z.array(z.string()),
  }),
  z.object({
    ...blockBase,
    visible: z.boolean(),
    kind: z.literal("teams"),
    teamIds: z.array(z.string()),
  }),
  z.object({
    ...blockBase,
    visible: z.boolean(),
    kind: z.literal("socials"),
    links: z.array(socialLinkSchema),
  }),
]);

const personSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});
const pageEventTypeSchema = z.object({
  title: z.string(),
  duration: z.number(),
  description: z.string(),
  path: z.string(),
});

/** A visible block as the public page shows it: references resolved. */
export const publicBlockSchema = z.discriminatedUnion("kind", [
  z.object({ ...blockBase, kind: z.literal("headline"), text: z.string() }),
  z.object({ ...blockBase, kind: z.literal("note"), html: z.string() }),
  z.object({
    ...blockBase,
    kind: z.literal("media"),
    mediaKind: z.enum(["image", "video"]),
    url: z.string(),
    alt: z.string(),
    /** An image's pixel size (null when unknown: a video, or an image stored before sizes). */
    width: z.number().nullable(),
    height: z.number().nullable(),
    /** The image's `srcset` candidates, its smaller copies and itself; empty without copies. */
    sources: z.array(z.object({ url: z.string(), width: z.number() })),
  }),
  z.object({ ...blockBase, kind: z.literal("divider") }),
  z.object({ ...blockBase, kind: z.literal("background"), color: z.string() }),
  z.object({ ...blockBase, kind: z.literal("event"), eventType: pageEventTypeSchema }),
  z.object({
    ...blockBase,
    kind: z.literal("member"),
    person: personSchema,
    eventTypes: z.array(pageEventTypeSchema),
  }),
  z.object({ ...blockBase, kind: z.literal("users"), people: z.array(personSchema) }),
  z.object({
    ...blockBase,
    kind: z.literal("teams"),
    teams: z.array(z.object({ name: z.string(), slug: z.string() })),
  }),
  z.object({
    ...blockBase,
    kind: z.literal("socials"),
    links: z.array(socialLinkSchema),
  }),
]);

/** `GET /api/page/{id}/edit`: the page as its owner edits it, and what its blocks may name. */
export const pageEditResponseSchema = z.object({
  page: z.object({
    kind: z.enum(["user", "team"]),
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    welcomeMessage: z.string().nullable(),
    socials: z.record(z.string(), z.string()),
    /** Null until the page is first saved: the public page lists the event types. */
    blocks: z.array(storedBlockSchema).nullable(),
    backgroundColor: z.string().nullable(),
    /** A team admin locked the colours: background blocks are refused. */
    colorsLocked: z.boolean(),
  }),
  options: z.object({
    eventTypes: z.array(pageEventTypeSchema.extend({ id: z.uuid() })),
    /** With the event types a member block lists under the person. */
    people: z.array(
      personSchema.extend({ id: z.uuid(), eventTypes: z.array(pageEventTypeSchema) }),
    ),
    teams: z.array(z.object({ id: z.uuid(), name: z.string(), slug: z.string() })),
    /** The media the page's blocks show, by upload id. */
    media: z.record(z.string(), z.string()),
  }),
});

/** `POST /api/page/{id}/welcome` (spec §7). */
export const welcomeBodySchema = z.object({
  welcomeMessage: z
    .string()
    .trim()
    .max(WELCOME_MESSAGE_MAX, {
      error: issueMessage("fields.atMostCharacters", { count: WELCOME_MESSAGE_MAX }),
    })
    .nullable(),
});

/** `POST /api/page/{id}/socials {form}` (spec §7): a link per network; an empty one removes it. */
export const socialsBodySchema = z.object({
  form: z.partialRecord(
    z.enum(SOCIAL_NETWORKS, { error: issueMessage("pages.unknownNetwork") }),
    z.union([z.literal(""), pageUrlField]),
  ),
});

export const welcomeResponseSchema = z.object({ welcomeMessage: z.string().nullable() });
export const socialsResponseSchema = z.object({ socials: z.record(z.string(), z.string()) });
export const avatarResponseSchema = z.object({ avatarUrl: z.string().nullable() });
export const pageSavedResponseSchema = z.object({ blocks: z.array(storedBlockSchema) });

export type PageEditResponse = z.infer<typeof pageEditResponseSchema>;
export type StoredBlockResponse = z.infer<typeof storedBlockSchema>;
export type PublicBlockResponse = z.infer<typeof publicBlockSchema>;
export type SocialLinkResponse = z.infer<typeof socialLinkSchema>;
export type WelcomeResponse = z.infer<typeof welcomeResponseSchema>;
export type SocialsResponse = z.infer<typeof socialsResponseSchema>;
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;
export type PageSavedResponse = z.infer<typeof pageSavedResponseSchema>;
