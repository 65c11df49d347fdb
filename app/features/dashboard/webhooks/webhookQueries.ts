import { queryOptions } from "@tanstack/react-query";
import type {
  WebhookCreate,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookListResponse,
  WebhookResponse,
  WebhookUpdate,
  WebhookWithSecret,
} from "../../../../core/api/webhooks";
import type { WebhookEventType } from "../../../../core/webhooks/webhookEvents";
import { apiClient } from "../../../api/apiClient";

export const webhookKeys = {
  all: ["dashboard", "webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  deliveries: (id: string) => [...webhookKeys.all, "deliveries", id] as const,
};

/** The host's subscriptions and the teams they may add one for. */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => apiClient.get<WebhookListResponse>("/webhooks", { signal }),
  });

/** A subscription's delivery log, refreshed every few seconds while it is shown. */
export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) =>
      apiClient.get<WebhookDeliveryList>(`/webhooks/${id}/deliveries`, { signal }),
    select: (data) => data.deliveries,
    refetchInterval: 3000,
  });

export const webhookApi = {
  create: (fields: WebhookCreate) => apiClient.post<WebhookWithSecret>("/webhooks", fields),
  update: (id: string, patch: WebhookUpdate) =>
    apiClient.patch<WebhookResponse & { secret?: string }>(`/webhooks/${id}`, patch),
  remove: (id: string) => apiClient.delete<void>(`/webhooks/${id}`),
  ping: (id: string) => apiClient.post<WebhookDelivery>(`/webhooks/${id}/ping`, {}),
  resend: (id: string, deliveryId: string) =>
    apiClient.post<WebhookDelivery>(`/webhooks/${id}/deliveries/${deliveryId}/resend`, {}),
};

/** The catalog key of each event's name. */
const eventLabelKeys = {
  "booking.created": "dashboard.webhooks.eventNames.bookingCreated",
  "booking.rescheduled": "dashboard.webhooks.eventNames.bookingRescheduled",
  "booking.reassigned": "dashboard.webhooks.eventNames.bookingReassigned",
  "booking.cancelled": "dashboard.webhooks.eventNames.bookingCancelled",
  "booking.paid": "dashboard.webhooks.eventNames.bookingPaid",
  "booking.payment_failed": "dashboard.webhooks.eventNames.bookingPaymentFailed",
  "booking.no_show": "dashboard.webhooks.eventNames.bookingNoShow",
  "routing_form.submitted": "dashboard.webhooks.eventNames.routingFormSubmitted",
  ping: "dashboard.webhooks.eventNames.ping",
} as const satisfies Record<WebhookEventType, string>;

export function eventLabelKey<E extends WebhookEventType>(event: E): (typeof eventLabelKeys)[E] {
  return eventLabelKeys[event];
}
