import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { StoredBlock } from "../../core/pages/blockKinds";
import type { Db, Tx } from "../db/database";
import { eventTypes, pages, teamMembers, teams, uploads, users } from "../db/schema";
import { findPageNameOwner, type PageOwner } from "./pageNames";

/**
 * The owner of `/{slug}` as its editor reads it (a user who has not verified their address yet
 * may build their page).
 */
export async function findEditablePageOwner(db: Db, slug: string): Promise<PageOwner | null> {
  return findPageNameOwner(db, slug);
}

const ownerCondition = (owner: PageOwner) =>
  owner.kind === "user" ? eq(pages.userId, owner.user.id) : eq(pages.teamId, owner.team.id);

/** The owner's saved blocks, or null when they never saved a page. */
export async function findPageBlocks(db: Db | Tx, owner: PageOwner): Promise<StoredBlock[] | null> {
  const [row] = await db
    .select({ blocks: pages.blocks })
    .from(pages)
    .where(ownerCondition(owner))
    .limit(1);
  return row ? (row.blocks as StoredBlock[]) : null;
}

/**
 * The owner's active event types, oldest first (the order the host made them in). `listed`
 * keeps only those the public page lists: not hidden (secret types keep working by link), and
 * a team's only when every host verified their address (else their links answer 404); the
 * editor offers them all.
 */
export function pageEventTypesOf(db: Db | Tx, owner: PageOwner, { listed = false } = {}) {
  return db
    .select()
    .from(eventTypes)
    .where(
      and(
        owner.kind === "user"
          ? eq(eventTypes.userId, owner.user.id)
          : eq(eventTypes.teamId, owner.team.id),
        eq(eventTypes.active, true),
        listed ? eq(eventTypes.hidden, false) : undefined,
        listed && owner.kind === "team"
          ? sql`not exists (select 1 from event_type_hosts h join users u on u.id = h.user_id
              where h.event_type_id = event_types.id and u.email_verified_at is null)`
          : undefined,
      ),
    )
    .orderBy(asc(eventTypes.createdAt), asc(eventTypes.id));
}

/**
 * The people a page's member and users blocks may name: a team page's members; for a user's
 * page, the user and the members of every team they belong to.
 */
export async function pagePeopleOf(db: Db | Tx, owner: PageOwner) {
  const teamIds =
    owner.kind === "team"
      ? [owner.team.id]
      : (
          await db
            .select({ teamId: teamMembers.teamId })
            .from(teamMembers)
            .where(eq(teamMembers.userId, owner.user.id))
        ).map((row) => row.teamId);
  const memberIds =
    teamIds.length === 0
      ? []
      : (
          await db
            .selectDistinct({ userId: teamMembers.userId })
            .from(teamMembers)
            .where(inArray(teamMembers.teamId, teamIds))
        ).map((row) => row.userId);
  const ids = [...new Set([...(owner.kind === "user" ? [owner.user.id] : []), ...memberIds])];
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      avatarUploadId: users.avatarUploadId,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.name));
}

/** The teams a page's teams block may name: the teams of the person editing it. */
export function pageTeamsOf(db: Db | Tx, editorId: string) {
  return db
    .select({ id: teams.id, name: teams.name, slug: teams.slug })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, editorId))
    .orderBy(asc(teams.name));
}

/** Uploads by id. */
export function uploadsByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

/** The active personal event types of `userIds` a page may list (not hidden), oldest first. */
export function listedEventTypesOf(db: Db | Tx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(eventTypes)
    .where(
      and(
        inArray(eventTypes.userId, userIds),
        eq(eventTypes.active, true),
        eq(eventTypes.hidden, false),
      ),
    )
    .orderBy(asc(eventTypes.createdAt), asc(eventTypes.id));
}

/** Users by id, with their active personal event types a page may list (not hidden). */
export async function peopleWithEventTypes(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  const [people, types] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        avatarUploadId: users.avatarUploadId,
      })
      .from(users)
      .where(and(inArray(users.id, ids), isNotNull(users.emailVerifiedAt))),
    listedEventTypesOf(db, ids),
  ]);
  return people.map((person) => ({
    ...person,
    eventTypes: types.filter((type) => type.userId === person.id),
  }));
}

/** Teams by id. */
export function teamsByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: teams.id, name: teams.name, slug: teams.slug })
    .from(teams)
    .where(inArray(teams.id, ids));
}

/** Event types by id. */
export function eventTypesByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(eventTypes).where(inArray(eventTypes.id, ids));
}

/** Users' names by id. */
export function userNamesByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}
