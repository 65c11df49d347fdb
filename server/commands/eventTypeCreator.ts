import { type EventTypeInput, TEAM_KINDS } from "../../core/eventTypes/eventTypeSchema";
import type { EventTypeWithHosts } from "../data/eventTypes";
import type { Db } from "../db/database";
import { eventTypeHosts, eventTypes } from "../db/schema";
import {
  assertReferences,
  eventTypeColumns,
  hostRows,
  newSharedLink,
  saveEventType,
} from "../eventTypes/eventTypeWrites";
import { saveReminderWorkflows } from "../workflows/reminderWorkflows";

/**
 * Creates an event type for `userId` (or, with `teamId`, for their team); team kinds get a
 * shared link. Throws VALIDATION (taken slug, hosts outside the team, a schedule not theirs, a
 * team they are not in), FORBIDDEN for a plain member of the team.
 */
export async function eventTypeCreator(
  db: Db,
  userId: string,
  input: EventTypeInput,
): Promise<EventTypeWithHosts> {
  return saveEventType(db, async (tx) => {
    await assertReferences(tx, userId, input);
    const ownerId = input.teamId === null ? userId : null;
    const [row] = await tx
      .insert(eventTypes)
      .values({
        ...eventTypeColumns(input),
        userId: ownerId,
        sharedLink: TEAM_KINDS.has(input.kind) ? newSharedLink() : null,
      })
      .returning({ id: eventTypes.id });
    await tx.insert(eventTypeHosts).values(hostRows(row!.id, ownerId, input));
    await saveReminderWorkflows(tx, row!.id, input);
    return row!.id;
  });
}
