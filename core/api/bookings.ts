import { z } from "zod";
import { EVENT_KINDS } from "../eventTypes/eventKinds";
import { issueMessage } from "../issueMessage";
import { isLocalDate } from "../time/localDate";
import { isSupportedDate, isSupportedInstant, SUPPORTED_DATES } from "../validation/supportedDates";
import { eventSummaryShape, inviteeSchema } from "./events";
import { PAYMENT_STATUSES } from "./payments";

// Year 0 and JavaScript's extended years would reach PostgreSQL as timestamps it refuses.
const dateOrInstant = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (isSupportedDate(value) || isSupportedInstant(value)) return;
    const wellFormed =
      isLocalDate(value) || (/^[+-]?\d{4,6}-/.test(value) && !Number.isNaN(Date.parse(value)));
    ctx.addIssue({
      code: "custom",
      message: wellFormed
        ? issueMessage("time.useDateBetween", { ...SUPPORTED_DATES })
        : issueMessage("time.useDateOrInstant"),
    });
  });

/** `GET /api/bookings`: a date is a day in the host's zone (`to` inclusive), an instant as is. */
export const bookingListQuery = z.object({
  status: z
    .enum(["CONFIRMED", "CANCELLED", "PENDING_PAYMENT", "PENDING_APPROVAL"], {
      error: issueMessage("booking.statusFilter"),
    })
    .optional(),
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A host's event with its attendees, as the bookings list shows it. */
export const hostBookingSchema = z.object({
  ...eventSummaryShape,
  cancellationReason: z.string().nullable(),
  rescheduleReason: z.string().nullable(),
  /** The recurring series the event is an occurrence of; null: a single meeting. */
  seriesId: z.uuid().nullable(),
  eventType: z.object({
    id: z.uuid(),
    title: z.string(),
    slug: z.string(),
    kind: z.enum(EVENT_KINDS),
  }),
  hosts: z.array(
    z.object({ id: z.uuid(), name: z.string(), username: z.string(), email: z.string() }),
  ),
  attendees: z.array(inviteeSchema),
  /**
   * Two-way: what the host did to this booking's event in their calendar, noticed by a sync:
   * DELETED ("removed from your calendar"), MOVED ("moved in your calendar"); null: nothing.
   */
  calendarChange: z.enum(["DELETED", "MOVED"]).nullable(),
  /** Paid bookings: each attendee's payment (minor units), pending, paid or refunded. */
  payments: z.array(
    z.object({
      attendeeUuid: z.string().nullable(),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number(),
      currency: z.string(),
      refunded: z.number(),
    }),
  ),
});

/** `POST /api/bookings/{uuid}/refund`: a host refunds a paid booking in full. */
export const bookingRefundParams = z.object({ uuid: z.uuid() });
export const bookingRefundResponseSchema = z.object({
  /** Minor units queued to be refunded, per currency. */
  refunded: z.array(z.object({ amount: z.number(), currency: z.string() })),
});

export const bookingListResponseSchema = z.object({ bookings: z.array(hostBookingSchema) });

export type HostBookingResponse = z.infer<typeof hostBookingSchema>;

export { declineRequestSchema, requestAnswerSchema } from "../booking/bookingChangeSchemas";

/** `{uuid}` of /api/bookings/{uuid}/approve and /decline: the event's uuid. */
export const bookingParams = z.object({
  uuid: z.uuid({ error: issueMessage("booking.notFound") }),
});

/** The answer to approving or declining a request: the event as it now is. */
export const bookingAnswerResponseSchema = z.object({ event: z.object(eventSummaryShape) });
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

/** `{uuid}` and `{attendeeUuid}` of /api/bookings/{uuid}/attendees/{attendeeUuid}/no-show. */
export const attendeeParams = z.object({
  uuid: z.uuid({ error: issueMessage("booking.notFound") }),
  attendeeUuid: z.uuid({ error: issueMessage("booking.attendeeNotFound") }),
});

/** Mark (true) or unmark (false) an invitee as not having come. */
export const noShowSchema = z.object({ noShow: z.boolean() }).strict();
