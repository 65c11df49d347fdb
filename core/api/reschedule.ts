import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { bookedEventSchema, eventViewSchema, inviteeSchema, publicHostSchema } from "./events";
import { publicEventTypeSchema } from "./publicEventTypes";

export { rescheduleRequestSchema } from "../booking/bookingChangeSchemas";

const bookingNotFound = issueMessage("booking.notFound");

export const rescheduleAttendeeParams = z.object({
  attendeeUuid: z.uuid({ error: bookingNotFound }),
});

export const rescheduleEventParams = z.object({ eventUuid: z.uuid({ error: bookingNotFound }) });

/** An event a host reschedules with one of its hosts (username or email). */
export const rescheduleByHostParams = rescheduleEventParams.extend({
  host: z.string().trim().min(1).max(254),
});

export const roundRobinParams = z.object({ id: z.uuid({ error: bookingNotFound }) });

/** The body of `POST /api/reschedule/round-robin/{id}`: the new host by id or username. */
export const roundRobinRequestSchema = z
  .object({
    hostId: z.uuid({ error: issueMessage("booking.notAHost") }).optional(),
    hostSlug: z.string().trim().min(1).max(100).optional(),
  })
  .refine((b) => b.hostId !== undefined || b.hostSlug !== undefined, {
    error: issueMessage("general.required"),
    path: ["hostId"],
  });

/** A moved booking: the event, and the attendee when they moved it themselves. */
export const rescheduledResponseSchema = z.object({
  event: bookedEventSchema,
  attendee: z.object({ uuid: z.uuid() }).optional(),
});

/** What the reschedule pages read: the event, its event type, and who is asking. */
export const reschedulePageSchema = z.object({
  event: eventViewSchema,
  eventType: publicEventTypeSchema,
  invitee: inviteeSchema.optional(),
  attendees: z.array(inviteeSchema).optional(),
  host: publicHostSchema.optional(),
});

export type RescheduledResponse = z.infer<typeof rescheduledResponseSchema>;
export type ReschedulePageResponse = z.infer<typeof reschedulePageSchema>;
