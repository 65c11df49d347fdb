import { sql } from "drizzle-orm";
import { DomainError } from "../../core/errors";
import { type Message, message } from "../../core/messages";
import type { StoredBlock } from "../../core/pages/blockKinds";
import type { PageComponents } from "../../core/pages/blockSchema";
import { loadNoteSanitizer } from "../../core/pages/sanitizeNote";
import { detectMediaType, isImageType } from "../../core/uploads/detectMediaType";
import type { PageOwner } from "../data/pageNames";
import {
  findPageBlocks,
  pageEventTypesOf,
  pagePeopleOf,
  pageTeamsOf,
  uploadsByIds,
} from "../data/pages";
import type { Db } from "../db/database";
import { pages } from "../db/schema";
import type { UploadMedia } from "../uploads/uploadMedia";
import { uploadDeleter } from "./uploadDeleter";
import { uploadSaver } from "./uploadSaver";
import { uploadVariantSaver } from "./uploadVariantSaver";

/** A file part of the save request: its bytes, or "tooLarge" when it went past the limit. */
export type PageFile = Buffer | "tooLarge";

export interface PageSave {
  owner: PageOwner;
  /** Who saves: new files are their uploads; a teams block names their teams. */
  editorId: string;
  /** A team admin locked the owner's colours: background blocks are refused. */
  colorsLocked: boolean;
  components: PageComponents;
  /** File parts by block id (`file-{id}`), for media blocks without an upload id. */
  files: ReadonlyMap<string, PageFile>;
  /** Smaller copies of new images made by the browser, by block id, then by width. */
  variants?: ReadonlyMap<string, ReadonlyMap<number, PageFile>>;
}

/** The part name a media block's new file travels under. */
export const filePartName = (blockId: string) => `file-${blockId}`;

/** The part name of the `width` px copy of a media block's new image. */
export const variantPartName = (blockId: string, width: number | string) =>
  `variant-${width}-${blockId}`;

/**
 * Saves a page's blocks in one go: notes sanitised, every reference checked against what the
 * owner may show (their event types, their teams' members, the editor's teams and uploads), new
 * files checked by content and stored with their smaller copies (each checked against its
 * image by uploadVariantSaver), then the page written. Throws VALIDATION with a message
 * per bad block field (`blocks.{index}.{field}`), having written nothing.
 */
export async function pageSaver(
  db: Db,
  media: UploadMedia,
  save: PageSave,
): Promise<StoredBlock[]> {
  const { owner, editorId, components, files } = save;
  const current = (await findPageBlocks(db, owner)) ?? [];
  const mediaIds = components.blocks.flatMap((block) =>
    block.kind === "media" && block.uploadId !== null ? [block.uploadId] : [],
  );
  const [types, people, teamRows, mediaRows] = await Promise.all([
    pageEventTypesOf(db, owner),
    pagePeopleOf(db, owner),
    pageTeamsOf(db, editorId),
    uploadsByIds(db, mediaIds),
  ]);
  const typeIds = new Set(types.map((type) => type.id));
  const personIds = new Set(people.map((person) => person.id));
  // A teams block keeps the teams it named, even if another admin saved it.
  const teamIds = new Set([
    ...teamRows.map((team) => team.id),
    ...current.flatMap((block) => (block.kind === "teams" ? block.teamIds : [])),
  ]);
  const keptMedia = new Set(
    current.flatMap((block) => (block.kind === "media" ? [block.uploadId] : [])),
  );
  const mediaById = new Map(mediaRows.map((row) => [row.id, row]));

  const fields: Record<string, Message[]> = {};
  const refuse = (index: number, field: string, reason: Message) => {
    fields[`blocks.${index}.${field}`] = [reason];
  };
  const newFiles: {
    index: number;
    kind: "image" | "video";
    content: Buffer;
    variants: ReadonlyMap<number, PageFile>;
  }[] = [];
  const blocks: StoredBlock[] = [];
  const sanitizeNote = components.blocks.some((block) => block.kind === "note")
    ? await loadNoteSanitizer()
    : null;

  components.blocks.forEach((block, index) => {
    switch (block.kind) {
      case "note": {
        const html = sanitizeNote!(block.html);
        if (html.length === 0) refuse(index, "html", message("general.required"));
        blocks.push({ ...block, html });
        return;
      }
      case "background":
        if (save.colorsLocked) refuse(index, "color", message("profile.colorsLocked"));
        break;
      case "event":
        if (!typeIds.has(block.eventTypeId)) {
          refuse(index, "eventTypeId", message("pages.chooseEventType"));
        }
        break;
      case "member":
        if (!personIds.has(block.userId)) refuse(index, "userId", message("pages.chooseMember"));
        break;
      case "users":
        if (!block.userIds.every((id) => personIds.has(id))) {
          refuse(index, "userIds", message("pages.chooseMember"));
        }
        break;
      case "teams":
        if (!block.teamIds.every((id) => teamIds.has(id))) {
          refuse(index, "teamIds", message("pages.chooseTeam"));
        }
        break;
      case "media": {
        if (block.uploadId !== null) {
          const row = mediaById.get(block.uploadId);
          const usable =
            row !== undefined &&
            row.kind === block.mediaKind &&
            (row.userId === editorId || keptMedia.has(row.id));
          if (!usable) refuse(index, "uploadId", message("uploads.notFound"));
          blocks.push({ ...block, uploadId: block.uploadId });
          return;
        }
        const file = files.get(block.id);
        const image = block.mediaKind === "image";
        if (file === undefined) {
          refuse(index, "file", message("pages.addMedia"));
        } else if (file === "tooLarge") {
          refuse(index, "file", message(image ? "uploads.imageTooLarge" : "uploads.videoTooLarge"));
        } else {
          const type = detectMediaType(file);
          if (type === null || isImageType(type) !== image) {
            refuse(
              index,
              "file",
              message(image ? "uploads.invalidFileType" : "uploads.invalidVideoFileType"),
            );
          } else {
            const variants = image ? (save.variants?.get(block.id) ?? new Map()) : new Map();
            if ([...variants.values()].includes("tooLarge")) {
              refuse(index, "file", message("uploads.variantMismatch"));
            }
            newFiles.push({ index, kind: block.mediaKind, content: file, variants });
          }
        }
        // The upload id is filled in once the file is stored.
        blocks.push({ ...block, uploadId: "" });
        return;
      }
    }
    blocks.push(block as StoredBlock);
  });

  if (Object.keys(fields).length > 0) {
    throw new DomainError("VALIDATION", message("general.invalidInput"), fields);
  }

  const stored: string[] = [];
  let storing = 0;
  try {
    for (const [at, file] of newFiles.entries()) {
      storing = at;
      const row = await uploadSaver(db, media, editorId, file.kind, file.content);
      stored.push(row.id);
      for (const [width, variant] of file.variants) {
        if (variant === "tooLarge") continue;
        await uploadVariantSaver(db, media, editorId, row.id, width, variant);
      }
      const block = blocks[file.index]!;
      if (block.kind === "media") block.uploadId = row.id;
    }
    const values =
      owner.kind === "user" ? { userId: owner.user.id, blocks } : { teamId: owner.team.id, blocks };
    await db
      .insert(pages)
      .values(values)
      .onConflictDoUpdate({
        target: owner.kind === "user" ? pages.userId : pages.teamId,
        set: { blocks, updatedAt: sql`now()` },
      });
  } catch (error) {
    // Nothing of a refused save stays: the files it stored go again, copies with them.
    for (const id of stored) await uploadDeleter(db, media, editorId, id).catch(() => {});
    if (error instanceof DomainError && error.code === "VALIDATION") {
      const index = newFiles[storing]?.index ?? 0;
      throw new DomainError("VALIDATION", error.detail, {
        [`blocks.${index}.file`]: [error.detail],
      });
    }
    throw error;
  }
  return blocks;
}
