import { z } from "zod";
import { type EventTypeWithHosts, eventTypeFieldsOf } from "../../data/eventTypes";

/** A custom question as the API shows it, to hosts and invitees alike. */
export const questionResponseSchema = z.object({
  id: z.string(),
  type: z.string(),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});

export const priceResponseSchema = z.object({ amount: z.number(), currency: z.string() });

export const eventTypeResponseSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  duration: z.number(),
  durations: z.array(z.number()),
  scheduleId: z.string().nullable(),
  teamId: z.string().nullable(),
  userId: z.string().nullable(),
  locations: z.array(z.object({ type: z.string(), options: z.record(z.string(), z.string()) })),
  bufferBefore: z.number(),
  bufferAfter: z.number(),
  minimumNotice: z.number(),
  maxDaysAhead: z.number().nullable(),
  slotStep: z.number().nullable(),
  dailyLimit: z.number().nullable(),
  seats: z.number().nullable(),
  hosts: z.array(z.object({ userId: z.string(), priority: z.number() })),
  hostGroups: z.array(z.object({ mode: z.enum(["ALL", "ANY"]), userIds: z.array(z.string()) })),
  questions: z.array(questionResponseSchema),
  price: priceResponseSchema.nullable(),
  requiresEmailVerification: z.boolean(),
  redirectUrl: z.string().nullable(),
  redirectSeconds: z.number().nullable(),
  lockTimeZone: z.boolean(),
  active: z.boolean(),
  sharedLink: z.string().nullable(),
  /** Where invitees book it: /{username}/{slug}, or /C|R|F/{sharedLink} for team kinds. */
  url: z.string().nullable(),
});

const SHARED_PREFIX: Record<string, string> = { COLLECTIVE: "C", ROUND_ROBIN: "R", FLEXI: "F" };

export function presentEventType(
  type: EventTypeWithHosts,
  publicUrl: string,
  ownerUsername: string | null,
) {
  const prefix = SHARED_PREFIX[type.kind];
  const url =
    prefix && type.sharedLink
      ? `${publicUrl}/${prefix}/${type.sharedLink}`
      : ownerUsername
        ? `${publicUrl}/${ownerUsername}/${type.slug}`
        : null;
  return {
    id: type.id,
    ...eventTypeFieldsOf(type),
    userId: type.userId,
    locations: type.locations.map((l) => ({
      type: l.type,
      options: { ...l.options } as Record<string, string>,
    })),
    sharedLink: type.sharedLink,
    url,
  };
}
