import { eq } from "drizzle-orm";
import {
  type EventTypeDraft,
  eventTypeSchema,
  TEAM_KINDS,
} from "../../core/eventTypes/eventTypeSchema";
import { message } from "../../core/messages";
import { fieldErrorsFromZod } from "../../core/validation/fieldErrorsFromZod";
import { type EventTypeWithHosts, eventTypeFieldsOf } from "../data/eventTypes";
import type { Db } from "../db/database";
import { eventTypeHosts, eventTypes } from "../db/schema";
import {
  assertReferences,
  eventTypeColumns,
  hostRows,
  invalidEventType,
  newSharedLink,
  saveEventType,
} from "../eventTypes/eventTypeWrites";
import { loadManagedEventType } from "../policies/eventTypes";
import { sameReminderSettings, saveReminderWorkflows } from "../workflows/reminderWorkflows";

/**
 * Applies a partial change: the merged event type is validated whole, so a PATCH can never
 * leave a combination that a create would refuse. Throws NOT_FOUND, FORBIDDEN, VALIDATION.
 */
export async function eventTypeUpdater(
  db: Db,
  userId: string,
  eventTypeId: string,
  patch: Partial<EventTypeDraft>,
  now: Date,
): Promise<EventTypeWithHosts> {
  const current = await loadManagedEventType(db, userId, eventTypeId);
  const draft = eventTypeFieldsOf(current);
  // Changing the default duration alone keeps the choices consistent.
  if (
    patch.duration !== undefined &&
    patch.durations === undefined &&
    draft.durations?.length === 1
  ) {
    draft.durations = [patch.duration];
  }
  const merged = { ...draft, ...patch, teamId: current.teamId, kind: patch.kind ?? current.kind };
  if (patch.teamId !== undefined && patch.teamId !== current.teamId) {
    throw invalidEventType({ teamId: [message("eventTypes.cannotMoveOwner")] });
  }
  const parsed = eventTypeSchema.safeParse(merged);
  if (!parsed.success) throw invalidEventType(fieldErrorsFromZod(parsed.error));
  const input = parsed.data;
  return saveEventType(db, async (tx) => {
    await assertReferences(tx, userId, input);
    await tx
      .update(eventTypes)
      .set({
        ...eventTypeColumns(input),
        sharedLink: TEAM_KINDS.has(input.kind) ? (current.sharedLink ?? newSharedLink()) : null,
        updatedAt: now,
      })
      .where(eq(eventTypes.id, eventTypeId));
    await tx.delete(eventTypeHosts).where(eq(eventTypeHosts.eventTypeId, eventTypeId));
    await tx.insert(eventTypeHosts).values(hostRows(eventTypeId, current.userId, input));
    if (!sameReminderSettings(current, input)) await saveReminderWorkflows(tx, eventTypeId, input);
    return eventTypeId;
  });
}
