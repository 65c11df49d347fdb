import { z } from "zod";
import { issueMessage } from "../issueMessage";

/** `{token}` of /api/booking-feed/{token}: `{user id}.{secret}`, with or without `.ics`. */
export const bookingFeedParams = z.object({
  token: z.string().max(200, { error: issueMessage("calendars.feedNotFound") }),
});

/** A host's private feed address; shown once, when it is made. */
export const bookingFeedSchema = z.object({ url: z.string() });

export type BookingFeedResponse = z.infer<typeof bookingFeedSchema>;
