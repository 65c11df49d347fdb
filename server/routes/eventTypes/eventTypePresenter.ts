import type { EventTypeResponse } from "../../../core/api/eventTypes";
import { sharedLinkPath } from "../../../core/eventTypes/eventKinds";
import { type EventTypeWithHosts, eventTypeFieldsOf } from "../../data/eventTypes";

export function presentEventType(
  type: EventTypeWithHosts,
  publicUrl: string,
  ownerUsername: string | null,
): EventTypeResponse {
  const shared = sharedLinkPath(type.kind, type.sharedLink);
  const url = shared
    ? `${publicUrl}${shared}`
    : ownerUsername
      ? `${publicUrl}/${ownerUsername}/${type.slug}`
      : null;
  return {
    id: type.id,
    ...eventTypeFieldsOf(type),
    userId: type.userId,
    locations: type.locations.map((l) => ({ type: l.type, options: { ...l.options } })),
    sharedLink: type.sharedLink,
    url,
  };
}
