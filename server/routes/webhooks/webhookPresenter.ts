import type { WebhookDelivery, WebhookResponse } from "../../../core/api/webhooks";
import type { WebhookDeliveryRow, WebhookRow } from "../../data/webhooks";

/** A subscription as its managers see it: never its secret. */
export function presentWebhook(row: WebhookRow, teamNames: Map<string, string>): WebhookResponse {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookResponse["events"],
    active: row.active,
    pausedReason: row.pausedReason as WebhookResponse["pausedReason"],
    teamId: row.teamId,
    teamName: row.teamId === null ? null : (teamNames.get(row.teamId) ?? null),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(
  row: WebhookDeliveryRow & { nextAttemptAt?: Date | null },
): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event as WebhookDelivery["event"],
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}
