import type { InsightsResponse } from "../../core/api/insights";
import { blockTitle } from "../../core/pages/blockTitle";
import { inReadingOrder } from "../../core/pages/flowLayout";
import type { PageOwner } from "../data/pageNames";
import { eventTypesByIds, findPageBlocks, userNamesByIds } from "../data/pages";
import type { Db } from "../db/database";

type ClickedBlock = InsightsResponse["blocks"][number]["block"];

/**
 * What the insights say of each clicked component id: the block of `owner`'s page it is now,
 * with its kind, its place in the editor's list (hidden blocks counted, as the editor lists
 * them) and its title; null for an id the page no longer has (a removed block).
 */
export async function describeClickedBlocks(
  db: Db,
  owner: PageOwner,
  componentIds: readonly string[],
): Promise<Map<string, ClickedBlock>> {
  const result = new Map<string, ClickedBlock>(componentIds.map((id) => [id, null]));
  if (componentIds.length === 0) return result;
  const blocks = inReadingOrder((await findPageBlocks(db, owner)) ?? []);
  const clicked = blocks.filter((block) => result.has(block.id));
  const [types, people] = await Promise.all([
    eventTypesByIds(
      db,
      clicked.flatMap((block) => (block.kind === "event" ? [block.eventTypeId] : [])),
    ),
    userNamesByIds(
      db,
      clicked.flatMap((block) => (block.kind === "member" ? [block.userId] : [])),
    ),
  ]);
  const names = {
    eventTypes: new Map(types.map((type) => [type.id, type.title])),
    people: new Map(people.map((person) => [person.id, person.name])),
  };
  blocks.forEach((block, index) => {
    if (!result.has(block.id)) return;
    result.set(block.id, {
      kind: block.kind,
      position: index + 1,
      title: blockTitle(block, names),
    });
  });
  return result;
}
