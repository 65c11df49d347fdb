import { DomainError } from "../../core/errors";
import { type Message, message } from "../../core/messages";
import type { FormRoute } from "../../core/routingForms/formTypes";
import { findRoutedEventType, findRoutingForm, type RoutingFormRow } from "../data/routingForms";
import type { Db, Tx } from "../db/database";
import { sqlState } from "../db/sqlState";
import type { RoutingFormOwner } from "../policies/routingForms";

/** A VALIDATION error with per-field messages; the first is the summary. */
export function invalidRoutingForm(fields: Record<string, Message[]>): DomainError {
  return new DomainError(
    "VALIDATION",
    Object.values(fields)[0]?.[0] ?? message("general.invalidInput"),
    fields,
  );
}

/**
 * Refuses a route that opens an event type its form's owner does not have (another host's or
 * team's, or one that does not exist): a field error on that route's event type.
 */
export async function assertRoutesOpenOwnEventTypes(
  db: Db | Tx,
  owner: RoutingFormOwner,
  routes: readonly FormRoute[],
): Promise<void> {
  const errors: Record<string, Message[]> = {};
  for (const [index, route] of routes.entries()) {
    if (route.action.type !== "EVENT_TYPE") continue;
    const type = await findRoutedEventType(db, route.action.eventTypeId, owner);
    if (type === null)
      errors[`routes.${index}.action.eventTypeId`] = [message("eventTypes.notFound")];
  }
  if (Object.keys(errors).length > 0) throw invalidRoutingForm(errors);
}

/** Runs `work` in a transaction and reads the form back; a taken slug is a field error. */
export async function saveRoutingForm(
  db: Db,
  work: (tx: Tx) => Promise<string>,
): Promise<RoutingFormRow> {
  try {
    const id = await db.transaction(work);
    return (await findRoutingForm(db, id))!;
  } catch (error) {
    if (sqlState(error) === "23505")
      throw invalidRoutingForm({ slug: [message("fields.linkInUse")] });
    throw error;
  }
}
