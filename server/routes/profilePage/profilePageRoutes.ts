import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { lockedColorsOf } from "../../data/publicProfiles";
import type { Deps } from "../../deps";
import { errorResponses } from "../errorSchemas";
import { findActiveEventTypes, findOwnerProfile, findPageOwner } from "./profilePageData";
import { presentPublicProfile, publicProfileSchema } from "./publicProfilePresenter";

const SHARED_PREFIX: Record<string, string> = { COLLECTIVE: "C", ROUND_ROBIN: "R", FLEXI: "F" };

const eventTypeCardSchema = z.object({
  kind: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  duration: z.number(),
  durations: z.array(z.number()),
  locationTypes: z.array(z.string()),
  price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  /** The booking page's path: /{username}/{slug}, or /C|R|F/{sharedLink} for team kinds. */
  path: z.string(),
});

const pageSchema = z.object({
  page: z.object({
    kind: z.enum(["user", "team"]),
    name: z.string(),
    slug: z.string(),
    avatarUrl: z.string().nullable(),
    welcomeMessage: z.string().nullable(),
    socials: z.record(z.string(), z.string()),
    eventTypes: z.array(eventTypeCardSchema),
  }),
  profile: publicProfileSchema,
});

/** The public profile page of a user or team: the spec's GET /page/{id}. */
export async function profilePageRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/page/:id",
    {
      schema: {
        tags: ["public"],
        summary:
          "A host's or team's public page: name, avatar, welcome message, active event types, public Profile",
        params: z.object({ id: z.string().max(200) }),
        response: { 200: pageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await findPageOwner(db, request.params.id);
      if (!owner) throw new DomainError("NOT_FOUND", message("profile.pageNotFound"));
      const [profile, types] = await Promise.all([
        findOwnerProfile(db, owner),
        findActiveEventTypes(db, owner),
      ]);
      const lockedColors = await lockedColorsOf(
        db,
        owner.kind === "user"
          ? { kind: "user", user: owner.user, profile }
          : { kind: "team", team: owner.team, profile },
      );
      const slug = owner.kind === "user" ? owner.user.username : owner.team.slug;
      return {
        page: {
          kind: owner.kind,
          name: owner.kind === "user" ? owner.user.name : owner.team.name,
          slug,
          avatarUrl:
            owner.kind === "user" && owner.user.avatarUploadId
              ? `/api/uploads/${owner.user.avatarUploadId}`
              : null,
          welcomeMessage: profile?.welcomeMessage ?? null,
          socials: profile?.socials ?? {},
          eventTypes: types.map((type) => {
            const prefix = SHARED_PREFIX[type.kind];
            return {
              kind: type.kind,
              title: type.title,
              slug: type.slug,
              description: type.description,
              duration: type.duration,
              durations: type.durations,
              locationTypes: [...new Set(type.locations.map((l) => l.type))],
              price:
                type.priceAmount !== null && type.priceCurrency !== null
                  ? { amount: type.priceAmount, currency: type.priceCurrency }
                  : null,
              path:
                prefix && type.sharedLink
                  ? `/${prefix}/${type.sharedLink}`
                  : `/${encodeURIComponent(slug)}/${encodeURIComponent(type.slug)}`,
            };
          }),
        },
        profile: presentPublicProfile(
          profile,
          owner.kind === "user"
            ? { timeFormat: owner.user.timeFormat, timeZone: owner.user.timeZone }
            : { timeFormat: null, timeZone: null },
          lockedColors,
        ),
      };
    },
  );
}
