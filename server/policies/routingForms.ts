import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { roleInTeam, type TeamRole } from "../data/teams";
import type { Db, Tx } from "../db/database";

/** Whose a routing form is: a host's own (`userId`) or a team's (`teamId`). */
export interface RoutingFormOwner {
  userId: string | null;
  teamId: string | null;
}

/**
 * Its host builds a personal form and reads its responses; a team's form is its admins'. A
 * plain member of the team knows the form exists but may not change it or read the answers.
 */
export function canManageRoutingForm(
  userId: string,
  form: RoutingFormOwner,
  teamRole: TeamRole | null,
): boolean {
  return form.userId !== null ? form.userId === userId : teamRole === "admin";
}

const notFound = () => new DomainError("NOT_FOUND", message("routingForms.notFound"));

/**
 * The form when the caller may manage it. NOT_FOUND for another host's form or a team the
 * caller is not in (as if it did not exist), FORBIDDEN for a plain member of its team.
 */
export async function assertCanManageRoutingForm<T extends RoutingFormOwner>(
  db: Db | Tx,
  userId: string,
  form: T | null,
): Promise<T> {
  if (form === null) throw notFound();
  if (form.userId !== null) {
    if (form.userId !== userId) throw notFound();
    return form;
  }
  const role = form.teamId === null ? null : await roleInTeam(db, userId, form.teamId);
  if (role === null) throw notFound();
  if (!canManageRoutingForm(userId, form, role)) {
    throw new DomainError("FORBIDDEN", message("teams.onlyAdmins"));
  }
  return form;
}
