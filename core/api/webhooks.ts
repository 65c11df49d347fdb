import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_VERSION } from "../webhooks/webhookEvents";

/** `{id}` of /api/webhooks/{id}. */
export const webhookParams = z.object({
  id: z.uuid({ error: issueMessage("webhooks.notFound") }),
});

/** `{id}` and `{deliveryId}` of /api/webhooks/{id}/deliveries/{deliveryId}/resend. */
export const webhookDeliveryParams = z.object({
  id: z.uuid({ error: issueMessage("webhooks.notFound") }),
  deliveryId: z.uuid({ error: issueMessage("webhooks.deliveryNotFound") }),
});

/** Where deliveries go: http or https, no credentials in it. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return /^https?:$/.test(url.protocol) && url.username === "" && url.password === "";
    },
    { error: issueMessage("fields.invalidUrl") },
  );

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: issueMessage("webhooks.unknownEvent") }))
  .min(1, { error: issueMessage("webhooks.chooseEvents") })
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

export const webhookCreateSchema = z
  .object({
    url: webhookUrlSchema,
    events: eventsSchema,
    /** A team's subscription (its admins manage it); absent: the signed-in host's own. */
    teamId: z
      .uuid({ error: issueMessage("teams.notFound") })
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .strict();

export const webhookUpdateSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    /** false pauses deliveries (they wait), true resumes them. */
    active: z.boolean().optional(),
    /** true: a new signing secret, answered once in `secret`. */
    rotateSecret: z.literal(true).optional(),
  })
  .strict();

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** Why the server paused it: `gone` (the receiver answered 410) or `failing` (24 hours of failures). */
  pausedReason: z.enum(["gone", "failing"]).nullable(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  createdAt: z.string(),
});

/** A subscription with its signing secret: only the answers of create and rotate carry it. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });

/** The subscriptions the caller manages, and the teams they may add one for. */
export const webhookListResponseSchema = z.object({
  webhooks: z.array(webhookSchema),
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null when none answered (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The first bytes of the last answer's body. */
  responseExcerpt: z.string().nullable(),
  /** Why the last attempt failed without an answer (connection refused, private address). */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});

// The bodies Slotted POSTs to a subscription (described in OpenAPI and docs/webhooks.md).

const personSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  timeZone: z.string(),
});

export const webhookAttendeeSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(["CONFIRMED", "CANCELLED"]),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guests: z.array(z.string()),
  /** The invitee's zone, language and answers by question id. */
  timeZone: z.string(),
  language: z.string(),
  answers: z.record(z.string(), z.unknown()),
  /** When a host marked the invitee as not having come; null: not marked. */
  noShowAt: z.string().nullable(),
  /** The meeting's start and end in the invitee's zone, with offset. */
  startLocal: z.string(),
  endLocal: z.string(),
});

export const webhookBookingSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(["CONFIRMED", "PENDING_PAYMENT", "PENDING_APPROVAL", "CANCELLED"]),
  title: z.string(),
  /** UTC instants. */
  start: z.string(),
  end: z.string(),
  /** The invitee's zone (the first attendee's) and the times in it, with offset. */
  timeZone: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
  eventType: z.object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    kind: z.string(),
    teamId: z.uuid().nullable(),
  }),
  hosts: z.array(personSchema),
  attendees: z.array(webhookAttendeeSchema),
  location: z.object({ type: z.string(), value: z.string().nullable() }).nullable(),
  /** The first attendee's answers by question id. */
  answers: z.record(z.string(), z.unknown()),
  payment: z
    .object({ amount: z.number().int(), currency: z.string(), status: z.string() })
    .nullable(),
  /** booking.rescheduled: the time before, UTC. */
  rescheduledFrom: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** booking.reassigned: the hosts before (`hosts` holds the new ones). */
  reassignedFrom: z.object({ hosts: z.array(personSchema) }).nullable(),
  /** booking.cancelled of a request: the hosts declined it, or nobody answered it in time. */
  requestRefused: z.enum(["declined", "expired"]).nullable(),
  rescheduleReason: z.string().nullable(),
  cancellationReason: z.string().nullable(),
});

export const webhookFormResponseSchema = z.object({
  id: z.uuid(),
  form: z.object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    teamId: z.uuid().nullable(),
  }),
  /** Answers by field id. */
  answers: z.record(z.string(), z.unknown()),
  /** The route taken and where it sent the visitor (an event type, a URL or a message). */
  route: z.object({
    id: z.string(),
    actionType: z.enum(["EVENT_TYPE", "URL", "MESSAGE"]),
    eventTypeId: z.uuid().nullable(),
  }),
  /** UTM parameters the form page was opened with. */
  utm: z.record(z.string(), z.string()),
  submittedAt: z.string(),
});

const envelope = {
  /** The event's id: the same in every subscription's delivery and every resend. */
  id: z.uuid(),
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  createdAt: z.string(),
};

/** A webhook delivery's body: one of these, told apart by `type`. */
export const webhookPayloadSchema = z.discriminatedUnion("type", [
  z.object({
    ...envelope,
    type: z.enum([
      "booking.created",
      "booking.rescheduled",
      "booking.reassigned",
      "booking.cancelled",
      "booking.paid",
      "booking.payment_failed",
      "booking.no_show",
    ]),
    data: z.object({ booking: webhookBookingSchema }),
  }),
  z.object({
    ...envelope,
    type: z.literal("routing_form.submitted"),
    data: z.object({ formResponse: webhookFormResponseSchema }),
  }),
  z.object({
    ...envelope,
    type: z.literal("ping"),
    data: z.object({ webhookId: z.uuid() }),
  }),
]);

export type WebhookCreate = z.input<typeof webhookCreateSchema>;
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;
export type WebhookResponse = z.infer<typeof webhookSchema>;
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;
export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export type WebhookBooking = z.infer<typeof webhookBookingSchema>;
export type WebhookAttendee = z.infer<typeof webhookAttendeeSchema>;
export type WebhookFormResponse = z.infer<typeof webhookFormResponseSchema>;
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
