import { z } from "zod";
import { LANGUAGES } from "../accounts/accountSchemas";
import {
  eventTypeLinkOf,
  eventTypeLinkShape,
  requiredEmailField,
} from "../booking/bookingRequestSchema";
import { EVENT_KINDS } from "../eventTypes/eventKinds";
import { issueMessage } from "../issueMessage";

export { cancelRequestSchema } from "../booking/bookingChangeSchemas";
export { bookingRequestSchema } from "../booking/bookingRequestSchema";

const bookingNotFound = issueMessage("booking.notFound");

/** `{uuid}` of /api/event/uuid/{uuid}: an event's or (cancelling) an attendee's uuid. */
export const eventUuidParams = z.object({ uuid: z.uuid({ error: bookingNotFound }) });

/** An attendee's secret, where a call takes it in the query. */
export const attendeeTokenQuery = z.object({ token: z.string().max(200).optional() });

/** The calendar file's query: an attendee and their secret put them and their links in it. */
export const eventIcsQuery = z.object({
  attendee: z.uuid({ error: bookingNotFound }).optional(),
  token: z.string().max(200).optional(),
});

export const EVENT_STATUSES = [
  "PENDING_PAYMENT",
  "PENDING_APPROVAL",
  "CONFIRMED",
  "CANCELLED",
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A host as invitees see them: the public profile only. */
export const publicHostSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  timeZone: z.string(),
});

/** Where a booked meeting takes place: its kind, and the address, number or URL. */
export const eventLocationSchema = z
  .object({ type: z.string(), value: z.string().optional() })
  .nullable();

/** The event in the answer of `POST /api/event`. */
/**
 * A paid booking's checkout (the spec's `event.payment`): what the browser confirms the card
 * payment with through Stripe.js, and until when the slot is held for it.
 */
export const checkoutPaymentSchema = z.object({
  gateway: z.literal("Stripe"),
  paymentIntent: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
  /** Minor units. */
  amount: z.number(),
  currency: z.string(),
  expiresAt: z.string(),
});

export const bookedEventSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(EVENT_STATUSES),
  hosts: z.array(z.object({ name: z.string(), username: z.string() })),
  location: eventLocationSchema,
  payment: checkoutPaymentSchema.optional(),
});

/** The spec's action response: where the confirmation page sends the invitee, after a countdown. */
export const actionSchema = z.object({
  actionType: z.enum(["URL", "EVENT_TYPE"]),
  url: z.string(),
  seconds: z.number(),
});

/** `POST /api/event`. */
export const bookingResponseSchema = z.object({
  event: bookedEventSchema,
  /**
   * The invitee's own cancel and reschedule links, as in their mail, for the confirmation
   * page, and their secret: it proves them on the invitee read and on taking back a booking
   * awaiting payment.
   */
  attendee: z.object({
    uuid: z.uuid(),
    token: z.string(),
    cancelUrl: z.string(),
    rescheduleUrl: z.string(),
  }),
  action: actionSchema.optional(),
  checkout: z.boolean().optional(),
  /** A recurring booking: the series' id and every occurrence (the first is `event`). */
  series: z
    .object({
      id: z.uuid(),
      occurrences: z.array(
        z.object({ uuid: z.uuid(), start: z.string(), end: z.string(), attendee: z.uuid() }),
      ),
    })
    .optional(),
});

/** The body of `POST /api/event/verify-email`. */
export const verifyEmailRequestSchema = z
  .object({
    ...eventTypeLinkShape,
    email: requiredEmailField,
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((body) => eventTypeLinkOf(body) !== null, {
    error: issueMessage("booking.sendLinks"),
    path: ["eventTypeLink"],
  });

export const verifyEmailResponseSchema = z.object({ CODE_EXPIRES_IN: z.number() });

/** What every view of a booked event shows: hosts' lists and the invitee's pages. */
export const eventSummaryShape = {
  uuid: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(EVENT_STATUSES),
  location: eventLocationSchema,
};

/** What a confirmation, cancel or reschedule page shows of an event; nothing private. */
export const eventViewSchema = z.object({
  ...eventSummaryShape,
  hosts: z.array(publicHostSchema),
  formerTime: z.object({ start: z.string(), end: z.string() }).nullable(),
  rescheduleReason: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** When the meeting was cancelled, if it was. */
  cancelledAt: z.string().nullable(),
  eventType: z.object({
    kind: z.enum(EVENT_KINDS),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    lockTimeZone: z.boolean(),
    /** Its booking page, to book it again; null when it no longer takes bookings. */
    path: z.string().nullable(),
  }),
  seats: z.object({ total: z.number(), taken: z.number() }).nullable(),
  /**
   * An occurrence of a weekly series: the series' id and all its occurrences by start
   * (cancelled ones too); an occurrence cannot be rescheduled, only cancelled. Null: a single
   * meeting.
   */
  series: z
    .object({
      id: z.uuid(),
      occurrences: z.array(
        z.object({
          uuid: z.uuid(),
          start: z.string(),
          end: z.string(),
          status: z.enum(EVENT_STATUSES),
        }),
      ),
    })
    .nullable(),
  /**
   * Until when the invitee may cancel / reschedule online (ISO instant), or null when the event
   * type does not let invitees do it at all; the host always can.
   */
  inviteeChanges: z.object({
    cancelUntil: z.string().nullable(),
    rescheduleUntil: z.string().nullable(),
  }),
  calendarLinks: z.object({
    google: z.string(),
    outlook: z.string(),
    office365: z.string(),
    ics: z.string(),
  }),
});

export const eventViewResponseSchema = z.object({ event: eventViewSchema });

export const cancelResponseSchema = z.object({
  event: eventViewSchema,
  eventCancelled: z.boolean(),
});

/** `DELETE /api/event/{user}/{eventType}/{eventUuid}`: taking back a booking awaiting payment. */
export const pendingBookingParams = z.object({
  user: z.string().max(200),
  eventType: z.string().max(200),
  eventUuid: z.uuid({ error: bookingNotFound }),
});

export const pendingBookingQuery = z.object({
  token: z.string().max(200).optional(),
  payment_intent: z.string().max(200).optional(),
});

/** An attendee as they themselves see their booking. */
export const inviteeSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(["CONFIRMED", "CANCELLED"]),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  salutation: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  guests: z.array(z.string()),
  answers: z.record(z.string(), z.unknown()),
  timeZone: z.string(),
  language: z.string(),
  cancellationReason: z.string().nullable(),
  /** When a host marked the invitee as not having come (ISO); null: not marked. */
  noShowAt: z.string().nullable().optional(),
  /**
   * A paid booking: what was paid, what the invitee's cancelling now would refund, and what was
   * refunded already (or is queued to be: refunds are made by a worker).
   */
  payment: z
    .object({
      amount: z.number(),
      currency: z.string(),
      refundOnCancel: z.number(),
      refunded: z.number(),
    })
    .optional(),
});

/** Without the attendee's secret only this much: the uuid is in page URLs, the details are not. */
export const publicInviteeSchema = inviteeSchema.pick({ uuid: true, status: true });

const attendeeUuid = z.uuid({ error: bookingNotFound });

export const inviteeParams = z.object({ id: attendeeUuid });

export const inviteeOfEventTypeParams = z.object({
  user: z.string().max(200),
  eventType: z.string().max(200),
  id: attendeeUuid,
});

/** `GET /api/invitee/...`: the invitee (whole with their secret), and the event's public view. */
export const inviteeResponseSchema = z.object({
  invitee: z.union([inviteeSchema, publicInviteeSchema]),
  event: eventViewSchema,
});

export type PublicHostResponse = z.infer<typeof publicHostSchema>;
export type BookedEvent = z.infer<typeof bookedEventSchema>;
export type BookingAnswer = z.infer<typeof bookingResponseSchema>;
export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>;
export type BookingAction = z.infer<typeof actionSchema>;
export type EventViewResponse = z.infer<typeof eventViewSchema>;
export type InviteeResponse = z.infer<typeof inviteeSchema>;
export type PublicInvitee = z.infer<typeof publicInviteeSchema>;
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
/** `GET /api/event/uuid/{uuid}`. */
export type EventViewAnswer = z.infer<typeof eventViewResponseSchema>;
/** `GET /api/invitee/...`. */
export type InviteeAnswer = z.infer<typeof inviteeResponseSchema>;
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
