import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  avatarResponseSchema,
  pageComponentsSchema,
  pageEditResponseSchema,
  pageParams,
  pageSavedResponseSchema,
  socialsBodySchema,
  socialsResponseSchema,
  welcomeBodySchema,
  welcomeResponseSchema,
} from "../../../core/api/pages";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { IMAGE_VARIANT_WIDTHS } from "../../../core/uploads/imageVariants";
import { fieldErrorsFromZod } from "../../../core/validation/fieldErrorsFromZod";
import { pageAvatarSetter } from "../../commands/pageAvatarSetter";
import { pageProfileWriter } from "../../commands/pageProfileWriter";
import { filePartName, type PageFile, pageSaver, variantPartName } from "../../commands/pageSaver";
import type { PageOwner } from "../../data/pageNames";
import { findOwnerProfile } from "../../data/pageOwners";
import {
  findEditablePageOwner,
  findPageBlocks,
  listedEventTypesOf,
  pageEventTypesOf,
  pagePeopleOf,
  pageTeamsOf,
  uploadsByIds,
} from "../../data/pages";
import { colorLockOfUser } from "../../data/teams";
import type { Deps } from "../../deps";
import { pageEventType, uploadUrl } from "../../pages/publicBlocks";
import { requireUserId } from "../../plugins/auth";
import { refuseUnsafeText } from "../../plugins/unsafeTextGuard";
import { assertCanEditPage } from "../../policies/pages";
import { tooLarge } from "../../uploads/uploadFiles";
import { uploadMediaOf } from "../../uploads/uploadMedia";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { readPageForm } from "./readPageForm";

const tags = ["pages"];

function ownerAvatar(owner: PageOwner): string | null {
  const id = owner.kind === "user" ? owner.user.avatarUploadId : owner.team.avatarUploadId;
  return id ? uploadUrl(id) : null;
}

/** The spec's page calls for the page's owner (a host, or a team's admin) and its editor. */
export async function pageRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const media = uploadMediaOf(deps.config, db);
  await app.register(multipart, { throwFileSizeLimit: false });

  const editableOwner = async (userId: string, id: string) =>
    assertCanEditPage(db, userId, await findEditablePageOwner(db, id));

  const colorsLockedFor = async (owner: PageOwner) =>
    owner.kind === "user" && (await colorLockOfUser(db, owner.user.id)) !== null;

  app.get(
    "/page/:id/edit",
    {
      schema: {
        tags,
        summary:
          "The page as its owner edits it: blocks, welcome message, avatar, socials, and the event types, people, teams and media its blocks may name",
        security: hostSecurity,
        params: pageParams,
        response: { 200: pageEditResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const owner = await editableOwner(userId, request.params.id);
      const [blocks, profile, types, people, teamRows, colorsLocked] = await Promise.all([
        findPageBlocks(db, owner),
        findOwnerProfile(db, owner),
        pageEventTypesOf(db, owner),
        pagePeopleOf(db, owner),
        pageTeamsOf(db, userId),
        colorsLockedFor(owner),
      ]);
      const media = await uploadsByIds(
        db,
        (blocks ?? []).flatMap((block) => (block.kind === "media" ? [block.uploadId] : [])),
      );
      // A member block lists the person's event types, in the preview as on the public page.
      const peopleTypes = await listedEventTypesOf(
        db,
        people.map((person) => person.id),
      );
      const slug = owner.kind === "user" ? owner.user.username : owner.team.slug;
      return {
        page: {
          kind: owner.kind,
          id: owner.kind === "user" ? owner.user.id : owner.team.id,
          slug,
          name: owner.kind === "user" ? owner.user.name : owner.team.name,
          avatarUrl: ownerAvatar(owner),
          welcomeMessage: profile?.welcomeMessage ?? null,
          socials: profile?.socials ?? {},
          blocks,
          backgroundColor: profile?.backgroundColor ?? null,
          colorsLocked,
        },
        options: {
          eventTypes: types.map((type) => ({ id: type.id, ...pageEventType(type, slug) })),
          people: people.map((person) => ({
            id: person.id,
            name: person.name,
            username: person.username,
            avatarUrl: person.avatarUploadId ? uploadUrl(person.avatarUploadId) : null,
            eventTypes: peopleTypes
              .filter((type) => type.userId === person.id)
              .map((type) => pageEventType(type, person.username)),
          })),
          teams: teamRows,
          media: Object.fromEntries(media.map((row) => [row.id, uploadUrl(row.id)])),
        },
      };
    },
  );

  app.post(
    "/page/:id",
    {
      schema: {
        tags,
        summary: "Save the page's blocks in one request",
        description: `A multipart/form-data body: a \`components\` field holding JSON \`{ blocks }\` (every block, in reading order), and for each media block without an \`uploadId\` its file as the part \`${filePartName("{blockId}")}\`, and for a new image its smaller copies made by the browser as the parts \`${variantPartName("{blockId}", "{width}")}\` (widths ${IMAGE_VARIANT_WIDTHS.join(", ")} narrower than the image; each checked by content against its image, as \`POST /api/uploads/{id}/variants\` does). Files are checked by content (png, jpg, gif, webp up to 5 MB; mp4, webm up to 10 MB). A bad block answers 422 with messages under \`blocks.{index}.{field}\`; nothing is written then.`,
        security: hostSecurity,
        consumes: ["multipart/form-data"],
        params: pageParams,
        response: { 200: pageSavedResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const owner = await editableOwner(userId, request.params.id);
      const form = await readPageForm(request);
      const raw = form.fields.get("components");
      let json: unknown;
      try {
        json = JSON.parse(raw ?? "");
      } catch {
        throw new DomainError("VALIDATION", message("general.invalidJson"), {
          components: [message(raw === undefined ? "general.required" : "general.invalidJson")],
        });
      }
      // JSON escapes (\u0000, \ud800) make unsafe text of a plain ASCII part; the fields are
      // named as the schema's errors name them, `blocks.{index}.{field}`.
      refuseUnsafeText(json);
      const parsed = pageComponentsSchema.safeParse(json);
      if (!parsed.success) {
        throw new DomainError(
          "VALIDATION",
          message("general.invalidInput"),
          fieldErrorsFromZod(parsed.error),
        );
      }
      const files = new Map(
        [...form.files].flatMap(([name, file]) =>
          name.startsWith("file-") ? [[name.slice("file-".length), file] as const] : [],
        ),
      );
      const variants = new Map<string, Map<number, PageFile>>();
      for (const [name, file] of form.files) {
        const part = /^variant-(\d+)-(.+)$/.exec(name);
        if (!part) continue;
        const byWidth = variants.get(part[2]!) ?? new Map<number, PageFile>();
        variants.set(part[2]!, byWidth.set(Number(part[1]), file));
      }
      const blocks = await pageSaver(db, media, {
        owner,
        editorId: userId,
        colorsLocked: await colorsLockedFor(owner),
        components: parsed.data,
        files,
        variants,
      });
      return { blocks };
    },
  );

  app.post(
    "/page/:id/welcome",
    {
      schema: {
        tags,
        summary: "Change the page's welcome message (at most 300 characters; empty removes it)",
        security: hostSecurity,
        params: pageParams,
        body: welcomeBodySchema,
        response: { 200: welcomeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await editableOwner(requireUserId(request), request.params.id);
      const text = request.body.welcomeMessage;
      const row = await pageProfileWriter(db, owner, {
        welcomeMessage: text === null || text === "" ? null : text,
      });
      return { welcomeMessage: row.welcomeMessage };
    },
  );

  app.post(
    "/page/:id/socials",
    {
      schema: {
        tags,
        summary:
          "Change the page's social links, shown under its name: `form` maps a network to a link; an empty link removes it",
        description:
          "The editor's social links form. These links sit in the page's header, under the welcome message, and are the `socials` the page's analytics pings list; a social-links block is a separate block placed in the grid.",
        security: hostSecurity,
        params: pageParams,
        body: socialsBodySchema,
        response: { 200: socialsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await editableOwner(requireUserId(request), request.params.id);
      const socials = Object.fromEntries(
        Object.entries(request.body.form).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
        ),
      );
      const row = await pageProfileWriter(db, owner, { socials });
      return { socials: row.socials };
    },
  );

  app.post(
    "/page/:id/avatar",
    {
      schema: {
        tags,
        summary: "Upload the page's avatar: an `avatar` file part, an image of at most 5 MB",
        description: "The image type is decided by the file's content, not its name.",
        security: hostSecurity,
        consumes: ["multipart/form-data"],
        params: pageParams,
        response: { 200: avatarResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const owner = await editableOwner(userId, request.params.id);
      const form = await readPageForm(request);
      const avatar = form.files.get("avatar");
      if (avatar === undefined || (avatar !== "tooLarge" && avatar.length === 0)) {
        throw new DomainError("VALIDATION", message("uploads.chooseFile"), {
          avatar: [message("uploads.chooseFile")],
        });
      }
      if (avatar === "tooLarge") throw tooLarge("image");
      const id = await pageAvatarSetter(db, media, owner, userId, avatar);
      return { avatarUrl: uploadUrl(id) };
    },
  );
}
