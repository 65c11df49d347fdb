import { z } from "zod";
import { eventTypeSummaryShape, priceResponseSchema } from "./eventTypes";
import { publicBlockSchema } from "./pages";

/** The Profile settings a public page needs (spec §3); nothing the host keeps private. */
export const publicProfileSchema = z.object({
  googleAnalytics: z.string().nullable(),
  facebookPixelId: z.string().nullable(),
  showPrivacyPolicy: z.boolean(),
  privacyPolicyUrl: z.string().nullable(),
  showImprint: z.boolean(),
  imprintUrl: z.string().nullable(),
  hideBranding: z.boolean(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  primaryColor: z.string().nullable(),
  /** A team admin locked the colours: the page's query parameters may not change them. */
  colorsLocked: z.boolean(),
  timeFormat: z.number().nullable(),
  timeZone: z.string().nullable(),
});

/** `{id}` of the spec's GET /page/{id}: a username or a team's slug. */
export const profilePageParams = z.object({ id: z.string().max(200) });

/** An event type as a profile page lists it. */
export const eventTypeCardSchema = z.object({
  ...eventTypeSummaryShape,
  locationTypes: z.array(z.string()),
  price: priceResponseSchema.nullable(),
  /** The booking page's path: /{username}/{slug}, or /C|R|F/{sharedLink} for team kinds. */
  path: z.string(),
});

/** The public profile page of a user or team. */
export const profilePageResponseSchema = z.object({
  page: z.object({
    kind: z.enum(["user", "team"]),
    name: z.string(),
    slug: z.string(),
    avatarUrl: z.string().nullable(),
    welcomeMessage: z.string().nullable(),
    socials: z.record(z.string(), z.string()),
    eventTypes: z.array(eventTypeCardSchema),
    /**
     * The page's visible blocks in reading order, or null when the owner never saved a page
     * built from blocks: then the page lists the event types.
     */
    blocks: z.array(publicBlockSchema).nullable(),
  }),
  profile: publicProfileSchema,
});

export type PublicProfileResponse = z.infer<typeof publicProfileSchema>;
export type EventTypeCard = z.infer<typeof eventTypeCardSchema>;
export type ProfilePageResponse = z.infer<typeof profilePageResponseSchema>;
