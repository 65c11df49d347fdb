import { z } from "zod";
import { issueMessage } from "../issueMessage";

/** `{token}` of /api/booking-feed/{token}: `{user id}.{secret}`, with or without `.ics`. */
export const bookingFeedParams = z.object({
  token: z.string().max(200, { error: issueMessage("calendars.feedNotFound") }),
});

/** A host's private feed address; shown once, when it is made. */
export const bookingFeedSchema = z.object({ url: z.string() });

export type BookingFeedResponse = z.infer<typeof bookingFeedSchema>;

/** Whether the host has a private feed address, and since when (the address itself is not kept). */
export const bookingFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});

export type BookingFeedStatus = z.infer<typeof bookingFeedStatusSchema>;
