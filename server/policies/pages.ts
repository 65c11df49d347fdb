import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import type { PageOwner } from "../data/pageNames";
import type { Db } from "../db/database";
import { assertTeamAdmin } from "./teams";

/** A user edits their own page; nobody else's. */
export function canEditUserPage(userId: string, ownerId: string): boolean {
  return userId === ownerId;
}

/**
 * Lets `userId` edit `owner`'s page: their own, or a team's they administer. Throws NOT_FOUND
 * for another user's page and for a team they are not in, FORBIDDEN for a plain member.
 */
export async function assertCanEditPage(
  db: Db,
  userId: string,
  owner: PageOwner | null,
): Promise<PageOwner> {
  if (owner === null) throw new DomainError("NOT_FOUND", message("profile.pageNotFound"));
  if (owner.kind === "user") {
    if (!canEditUserPage(userId, owner.user.id)) {
      throw new DomainError("NOT_FOUND", message("profile.pageNotFound"));
    }
    return owner;
  }
  await assertTeamAdmin(db, userId, owner.team.id);
  return owner;
}
