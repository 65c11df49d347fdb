import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profilePageParams, profilePageResponseSchema } from "../../../core/api/profile";
import { DomainError } from "../../../core/errors";
import { sharedLinkPath } from "../../../core/eventTypes/eventKinds";
import { message } from "../../../core/messages";
import { findOwnerProfile, findPageOwner } from "../../data/pageOwners";
import { findPageBlocks, pageEventTypesOf } from "../../data/pages";
import { lockedColorsOf } from "../../data/publicProfiles";
import type { Deps } from "../../deps";
import { resolvePublicBlocks, uploadUrl } from "../../pages/publicBlocks";
import { errorResponses } from "../errorSchemas";
import { presentPublicProfile } from "./publicProfilePresenter";

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
        params: profilePageParams,
        response: { 200: profilePageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await findPageOwner(db, request.params.id);
      if (!owner) throw new DomainError("NOT_FOUND", message("profile.pageNotFound"));
      const [profile, types, stored] = await Promise.all([
        findOwnerProfile(db, owner),
        pageEventTypesOf(db, owner, { listed: true }),
        findPageBlocks(db, owner),
      ]);
      const lockedColors = await lockedColorsOf(
        db,
        owner.kind === "user"
          ? { kind: "user", user: owner.user, profile }
          : { kind: "team", team: owner.team, profile },
      );
      const slug = owner.kind === "user" ? owner.user.username : owner.team.slug;
      const blocks =
        stored === null
          ? null
          : await resolvePublicBlocks(
              db,
              slug,
              owner.kind === "user" ? owner.user.id : null,
              owner.kind === "team" ? owner.team.id : null,
              stored,
            );
      const avatarUploadId =
        owner.kind === "user" ? owner.user.avatarUploadId : owner.team.avatarUploadId;
      const shownProfile = presentPublicProfile(
        profile,
        owner.kind === "user"
          ? { timeFormat: owner.user.timeFormat, timeZone: owner.user.timeZone }
          : { timeFormat: null, timeZone: null },
        lockedColors,
      );
      // A background block colours the page, unless a team admin locked the colours.
      const background = blocks?.find((block) => block.kind === "background");
      if (background && !shownProfile.colorsLocked) {
        shownProfile.backgroundColor = background.color;
      }
      return {
        page: {
          kind: owner.kind,
          name: owner.kind === "user" ? owner.user.name : owner.team.name,
          slug,
          avatarUrl: avatarUploadId ? uploadUrl(avatarUploadId) : null,
          welcomeMessage: profile?.welcomeMessage ?? null,
          socials: profile?.socials ?? {},
          eventTypes: types.map((type) => {
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
                sharedLinkPath(type.kind, type.sharedLink) ??
                `/${encodeURIComponent(slug)}/${encodeURIComponent(type.slug)}`,
            };
          }),
          blocks,
        },
        profile: shownProfile,
      };
    },
  );
}
