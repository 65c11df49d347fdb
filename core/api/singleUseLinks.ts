import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { eventTypeParams } from "./eventTypes";

export const singleUseLinkParams = eventTypeParams.extend({
  linkId: z.uuid({ error: issueMessage("booking.linkNotFound") }),
});

export const singleUseLinkListQuery = z.object({
  status: z.enum(["all", "used", "unused"]).default("all"),
});

/** A link that books its event type once: /S/{link}. */
export const singleUseLinkSchema = z.object({
  id: z.uuid(),
  /** The token of /S/{link}, as `POST /api/event` takes it in `singleUseLink`. */
  link: z.string(),
  url: z.string(),
  createdAt: z.string(),
  /** When it was booked; null while it can still be used. */
  usedAt: z.string().nullable(),
  eventId: z.string().nullable(),
});

export const singleUseLinkListResponseSchema = z.object({ links: z.array(singleUseLinkSchema) });

export type SingleUseLinkResponse = z.infer<typeof singleUseLinkSchema>;
export type SingleUseLinkListResponse = z.infer<typeof singleUseLinkListResponseSchema>;
