import { and, eq, inArray } from "drizzle-orm";
import type { CalendarConnectionUpdate } from "../../core/api/calendarConnections";
import { DomainError } from "../../core/errors";
import { message } from "../../core/messages";
import { type SyncContext, syncConnection } from "../calendars/syncConnection";
import type { CalendarConnectionRow } from "../data/calendarConnections";
import { calendarBusy, calendarConnections, connectedCalendars } from "../db/schema";
import { loadOwnedCalendarConnection } from "../policies/calendarConnections";

/**
 * Changes a connection of `userId`: its name, what happens while it fails, which calendars count
 * as busy and which one bookings are written into. A calendar no longer counted loses its busy
 * rows at once; one newly counted is read right after (a failure is recorded, not thrown).
 * Throws NOT_FOUND for another host's connection, VALIDATION for a calendar of another
 * connection or a read-only write target.
 */
export async function calendarConnectionUpdater(
  context: SyncContext,
  userId: string,
  id: string,
  input: CalendarConnectionUpdate,
): Promise<CalendarConnectionRow> {
  const { db } = context;
  const { row, resync } = await db.transaction(async (tx) => {
    await loadOwnedCalendarConnection(tx, userId, id);
    const calendars = await tx
      .select()
      .from(connectedCalendars)
      .where(eq(connectedCalendars.connectionId, id));
    const byId = new Map(calendars.map((calendar) => [calendar.id, calendar]));
    const unknown = message("calendars.unknownCalendar");
    for (const choice of input.calendars ?? []) {
      if (!byId.has(choice.id)) {
        throw new DomainError("VALIDATION", unknown, { calendars: [unknown] });
      }
    }
    if (input.writeCalendarId != null) {
      const target = byId.get(input.writeCalendarId);
      if (target === undefined) {
        throw new DomainError("VALIDATION", unknown, { writeCalendarId: [unknown] });
      }
      if (target.readOnly) {
        const readOnly = message("calendars.writeTargetReadOnly");
        throw new DomainError("VALIDATION", readOnly, { writeCalendarId: [readOnly] });
      }
    }
    let resync = false;
    for (const choice of input.calendars ?? []) {
      const calendar = byId.get(choice.id)!;
      if (calendar.busy === choice.busy) continue;
      await tx
        .update(connectedCalendars)
        .set({ busy: choice.busy })
        .where(eq(connectedCalendars.id, choice.id));
      if (choice.busy) resync = true;
      else await tx.delete(calendarBusy).where(eq(calendarBusy.calendarId, choice.id));
    }
    if (input.writeCalendarId !== undefined) {
      await tx
        .update(connectedCalendars)
        .set({ writeTarget: false })
        .where(eq(connectedCalendars.connectionId, id));
      if (input.writeCalendarId !== null) {
        await tx
          .update(connectedCalendars)
          .set({ writeTarget: true })
          .where(
            and(
              eq(connectedCalendars.connectionId, id),
              inArray(connectedCalendars.id, [input.writeCalendarId]),
            ),
          );
      }
    }
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.onFailure !== undefined ? { onFailure: input.onFailure } : {}),
      ...(input.cancelOnDelete !== undefined ? { cancelOnDelete: input.cancelOnDelete } : {}),
    };
    const [updated] =
      Object.keys(changes).length > 0
        ? await tx
            .update(calendarConnections)
            .set(changes)
            .where(eq(calendarConnections.id, id))
            .returning()
        : await tx.select().from(calendarConnections).where(eq(calendarConnections.id, id));
    return { row: updated!, resync };
  });
  if (resync) await syncConnection(context, id);
  return row;
}
