import { DomainError, type FieldMessages } from "../../core/errors";
import { message } from "../../core/messages";
import { findPageNameOwner } from "../data/pageNames";
import { findUserByEmail } from "../data/users";
import type { Db } from "../db/database";

/**
 * Field errors for an email someone else has, or a username that anyone else (a user or a team:
 * they share `/{name}`) holds, all but `exceptUserId`; null when both are free. Sign-up and
 * `PATCH /api/me` share it.
 */
export async function takenFields(
  db: Db,
  fields: { email?: string; username?: string },
  exceptUserId?: string,
): Promise<FieldMessages | null> {
  const errors: FieldMessages = {};
  if (fields.email !== undefined) {
    const owner = await findUserByEmail(db, fields.email);
    if (owner && owner.id !== exceptUserId) errors.email = [message("fields.emailRegistered")];
  }
  if (fields.username !== undefined) {
    const owner = await findPageNameOwner(db, fields.username);
    if (owner && !(owner.kind === "user" && owner.user.id === exceptUserId)) {
      errors.username = [message("fields.usernameTaken")];
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** VALIDATION for the taken fields; its message is the first one's. */
export function takenError(taken: FieldMessages): DomainError {
  return new DomainError("VALIDATION", Object.values(taken)[0]![0]!, taken);
}
