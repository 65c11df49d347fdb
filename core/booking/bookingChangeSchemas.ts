import { z } from "zod";
import { REASON_MAX } from "../eventTypes/eventTypeSchema";
import { issueMessage } from "../issueMessage";
import { timeZoneField } from "../validation/timeZoneField";
import { instantField } from "./bookingRequestSchema";

const reasonField = z
  .string()
  .trim()
  .max(REASON_MAX, { error: issueMessage("fields.atMostCharacters", { count: REASON_MAX }) });

/** An attendee's secret from their cancel link; the server compares it in constant time. */
const tokenField = z.string().trim().min(1).max(200);

/** The body of `PUT /api/event/uuid/{uuid}/cancel`. */
export const cancelRequestSchema = z.object({
  cancellation_reason: z.preprocess((v) => v ?? "", reasonField),
  token: tokenField.optional(),
  /** An occurrence of a recurring series: cancel it and every later occurrence too. */
  following: z.boolean().default(false),
  /**
   * The invitee of a series: the occurrence (event uuid) to cancel, when not the one their link
   * names; the link's token works for every occurrence of the series.
   */
  occurrence: z.uuid({ error: issueMessage("booking.notFound") }).optional(),
});

/** The body of `POST /api/bookings/{uuid}/decline`: the host's optional reason, told to the invitee. */
export const declineRequestSchema = z.object({
  reason: z.preprocess((v) => v ?? "", reasonField),
});

/** The body of `POST /api/booking-requests/{uuid}`: the answer link's signature and the answer. */
export const requestAnswerSchema = z.object({
  sig: z.string().trim().min(1).max(200),
  /** The host the link was mailed to (links mailed before hosts were named have none). */
  host: z.uuid({ error: issueMessage("booking.linkNotValid") }).optional(),
  approve: z.boolean(),
  reason: z.preprocess((v) => v ?? "", reasonField),
});

/** The body of `POST /api/event/reschedule`: by the attendee (uuid + token) or the host (event uuid). */
export const rescheduleRequestSchema = z
  .object({
    attendeeUuid: z.uuid({ error: issueMessage("booking.notFound") }).optional(),
    eventUuid: z.uuid({ error: issueMessage("booking.notFound") }).optional(),
    token: tokenField.optional(),
    forAll: z.boolean().default(false),
    /**
     * The invitee of a series: the occurrence (event uuid) to move, when not the one their link
     * names; the link's token works for every occurrence of the series.
     */
    occurrence: z.uuid({ error: issueMessage("booking.notFound") }).optional(),
    start: instantField,
    timezone: timeZoneField,
    reason: z.preprocess((v) => v ?? "", reasonField),
  })
  .refine((r) => (r.attendeeUuid === undefined) !== (r.eventUuid === undefined), {
    error: issueMessage("booking.sendAttendeeOrEvent"),
    path: ["attendeeUuid"],
  });
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;
