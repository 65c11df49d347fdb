import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/database";
import { eventTypeHosts, eventTypes } from "../db/schema";

/**
 * Takes a former member off every host list and host group of the team's event types, so no
 * new booking reaches someone outside the team; meetings already booked keep their hosts.
 */
export async function removeFromTeamHosts(tx: Tx, teamId: string, userId: string): Promise<void> {
  const types = await tx
    .select({ id: eventTypes.id, hostGroups: eventTypes.hostGroups })
    .from(eventTypes)
    .where(eq(eventTypes.teamId, teamId));
  if (types.length === 0) return;
  await tx.delete(eventTypeHosts).where(
    and(
      eq(eventTypeHosts.userId, userId),
      inArray(
        eventTypeHosts.eventTypeId,
        types.map((type) => type.id),
      ),
    ),
  );
  for (const type of types) {
    if (!type.hostGroups.some((group) => group.userIds.includes(userId))) continue;
    const hostGroups = type.hostGroups.map((group) => ({
      ...group,
      userIds: group.userIds.filter((id) => id !== userId),
    }));
    await tx.update(eventTypes).set({ hostGroups }).where(eq(eventTypes.id, type.id));
  }
}
