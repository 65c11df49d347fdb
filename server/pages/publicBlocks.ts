import { sharedLinkPath } from "../../core/eventTypes/eventKinds";
import type { PageEventType, PublicBlock, StoredBlock } from "../../core/pages/blockKinds";
import { inReadingOrder } from "../../core/pages/flowLayout";
import { eventTypesByIds, peopleWithEventTypes, teamsByIds, uploadsByIds } from "../data/pages";
import { type UploadRow, variantsOf } from "../data/uploads";
import type { Db } from "../db/database";
import type { eventTypes } from "../db/schema";

type EventTypeRow = typeof eventTypes.$inferSelect;

export const uploadUrl = (uploadId: string) => `/api/uploads/${uploadId}`;

/** An image's `srcset` candidates: its copies and itself, none when it has no copies. */
function imageSources(file: UploadRow, copies: readonly UploadRow[]) {
  const sized = copies.filter((copy) => copy.width !== null);
  if (sized.length === 0 || file.width === null) return [];
  return [...sized, file]
    .map((row) => ({ url: uploadUrl(row.id), width: row.width! }))
    .sort((a, b) => a.width - b.width);
}

/** An event type as a page shows it; `ownerSlug` makes the path of a personal one. */
export function pageEventType(type: EventTypeRow, ownerSlug: string): PageEventType {
  return {
    title: type.title,
    duration: type.duration,
    description: type.description,
    path:
      sharedLinkPath(type.kind, type.sharedLink) ??
      `/${encodeURIComponent(ownerSlug)}/${encodeURIComponent(type.slug)}`,
  };
}

/**
 * The visible blocks of a page as the public sees them, in reading order: references resolved
 * in five queries (images with their smaller copies as `srcset` candidates); a block whose event type, person, team or file is gone (or not public:
 * an inactive or hidden type, an unverified person) is left out, or loses that entry.
 */
export async function resolvePublicBlocks(
  db: Db,
  ownerSlug: string,
  ownerUserId: string | null,
  ownerTeamId: string | null,
  stored: StoredBlock[],
): Promise<PublicBlock[]> {
  const blocks = inReadingOrder(stored.filter((block) => block.visible));
  const ids = {
    types: [] as string[],
    people: [] as string[],
    teams: [] as string[],
    media: [] as string[],
  };
  for (const block of blocks) {
    if (block.kind === "event") ids.types.push(block.eventTypeId);
    if (block.kind === "member") ids.people.push(block.userId);
    if (block.kind === "users") ids.people.push(...block.userIds);
    if (block.kind === "teams") ids.teams.push(...block.teamIds);
    if (block.kind === "media") ids.media.push(block.uploadId);
  }
  const [types, people, teamRows, files, copies] = await Promise.all([
    eventTypesByIds(db, ids.types),
    peopleWithEventTypes(db, [...new Set(ids.people)]),
    teamsByIds(db, [...new Set(ids.teams)]),
    uploadsByIds(db, ids.media),
    variantsOf(db, ids.media),
  ]);
  const typeById = new Map(
    types
      .filter(
        (type) =>
          type.active &&
          (ownerUserId !== null ? type.userId === ownerUserId : type.teamId === ownerTeamId),
      )
      .map((type) => [type.id, type]),
  );
  const personById = new Map(people.map((person) => [person.id, person]));
  const teamById = new Map(teamRows.map((team) => [team.id, team]));
  const fileById = new Map(files.map((file) => [file.id, file]));
  const copiesOf = new Map<string, UploadRow[]>();
  for (const copy of copies) {
    copiesOf.set(copy.variantOf!, [...(copiesOf.get(copy.variantOf!) ?? []), copy]);
  }
  const person = (id: string) => {
    const row = personById.get(id);
    return row
      ? {
          name: row.name,
          username: row.username,
          avatarUrl: row.avatarUploadId ? uploadUrl(row.avatarUploadId) : null,
        }
      : null;
  };

  const result: PublicBlock[] = [];
  for (const block of blocks) {
    const base = { id: block.id, layout: block.layout };
    switch (block.kind) {
      case "headline":
        result.push({ ...base, kind: "headline", text: block.text });
        break;
      case "note":
        result.push({ ...base, kind: "note", html: block.html });
        break;
      case "divider":
        result.push({ ...base, kind: "divider" });
        break;
      case "background":
        result.push({ ...base, kind: "background", color: block.color });
        break;
      case "socials":
        result.push({ ...base, kind: "socials", links: block.links });
        break;
      case "media": {
        const file = fileById.get(block.uploadId);
        if (file && file.kind === block.mediaKind) {
          result.push({
            ...base,
            kind: "media",
            mediaKind: block.mediaKind,
            url: uploadUrl(file.id),
            alt: block.alt,
            width: file.width,
            height: file.height,
            sources: imageSources(file, copiesOf.get(file.id) ?? []),
          });
        }
        break;
      }
      case "event": {
        const type = typeById.get(block.eventTypeId);
        if (type)
          result.push({ ...base, kind: "event", eventType: pageEventType(type, ownerSlug) });
        break;
      }
      case "member": {
        const row = personById.get(block.userId);
        const shown = person(block.userId);
        if (row && shown) {
          result.push({
            ...base,
            kind: "member",
            person: shown,
            eventTypes: row.eventTypes.map((type) => pageEventType(type, row.username)),
          });
        }
        break;
      }
      case "users": {
        const shown = block.userIds.flatMap((id) => person(id) ?? []);
        if (shown.length > 0) result.push({ ...base, kind: "users", people: shown });
        break;
      }
      case "teams": {
        const shown = block.teamIds.flatMap((id) => {
          const team = teamById.get(id);
          return team ? [{ name: team.name, slug: team.slug }] : [];
        });
        if (shown.length > 0) result.push({ ...base, kind: "teams", teams: shown });
        break;
      }
    }
  }
  return result;
}
