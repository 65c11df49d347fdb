/** The events a webhook subscription can ask for, in the order the dashboard lists them. */
export const WEBHOOK_EVENTS = [
  "booking.created",
  "booking.rescheduled",
  "booking.reassigned",
  "booking.cancelled",
  "booking.paid",
  "booking.payment_failed",
  "booking.no_show",
  "routing_form.submitted",
  "ping",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The payload format's version, sent in every body (`version`); a breaking change raises it. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
