import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database";
import { routingFormResponses } from "../db/schema";

/**
 * Links a booking to the routing form response its page came from: only a response that
 * routed to that very event type and has no booking yet, so a stray or reused id links
 * nothing. Returns whether it linked.
 */
export async function routingResponseLinker(
  db: Db,
  responseId: string,
  booking: { eventId: string; eventTypeId: string },
): Promise<boolean> {
  const linked = await db
    .update(routingFormResponses)
    .set({ eventId: booking.eventId })
    .where(
      and(
        eq(routingFormResponses.id, responseId),
        eq(routingFormResponses.eventTypeId, booking.eventTypeId),
        isNull(routingFormResponses.eventId),
      ),
    )
    .returning({ id: routingFormResponses.id });
  return linked.length > 0;
}
