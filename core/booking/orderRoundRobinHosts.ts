/** A free host of a round-robin slot (or of a FLEXI ANY group) with what ranks it. */
export interface RankedHost {
  hostId: string;
  priority: number;
  /** Epoch ms of this host's latest booking of the event type; null: never booked. */
  lastBookedAt: number | null;
}

/**
 * DESIGN's round-robin rule as an order to try hosts in: highest priority first, then the
 * least recently booked for this event type (never booked first), then by id so the order
 * is stable. Returns the host ids; does not change its argument; never throws.
 */
export function orderRoundRobinHosts(hosts: readonly RankedHost[]): string[] {
  return [...hosts]
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        (a.lastBookedAt ?? Number.NEGATIVE_INFINITY) -
          (b.lastBookedAt ?? Number.NEGATIVE_INFINITY) ||
        (a.hostId < b.hostId ? -1 : a.hostId > b.hostId ? 1 : 0),
    )
    .map((h) => h.hostId);
}
