import type { EventTypeResponse } from "../../../core/api/eventTypes";
import { eventTypePath } from "../../../core/eventTypes/eventTypePath";
import { type EventTypeWithHosts, eventTypeFieldsOf } from "../../data/eventTypes";

export function presentEventType(
  type: EventTypeWithHosts,
  publicUrl: string,
  ownerUsername: string | null,
): EventTypeResponse {
  const path = eventTypePath(type, ownerUsername);
  const url = path ? `${publicUrl}${path}` : null;
  return {
    id: type.id,
    ...eventTypeFieldsOf(type),
    userId: type.userId,
    locations: type.locations.map((l) => ({ type: l.type, options: { ...l.options } })),
    sharedLink: type.sharedLink,
    url,
  };
}
