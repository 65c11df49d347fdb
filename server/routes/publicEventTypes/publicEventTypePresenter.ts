import { z } from "zod";
import type { EventLocation } from "../../../core/eventTypes/eventTypeSchema";
import { ONLINE_LOCATION_TYPES } from "../../../core/eventTypes/eventTypeSchema";
import type { HostUser } from "../../data/bookings";
import type { EventTypeRow } from "../../data/eventTypes";
import type { EventTypeOwner } from "../../data/publicProfiles";
import type { TeamColorsRow } from "../../data/teams";
import { presentPublicHost, publicHostSchema } from "../events/eventPresenter";
import { priceResponseSchema, questionResponseSchema } from "../eventTypes/eventTypePresenter";
import {
  presentPublicProfile,
  publicProfileSchema as profileFieldsSchema,
} from "../profilePage/publicProfilePresenter";

/** The spec's Profile as the booking page needs it, with the owner's clock and welcome. */
export const publicProfileSchema = profileFieldsSchema.extend({
  timeFormat: z.number(),
  timeZone: z.string(),
  welcomeMessage: z.string().nullable(),
});

/**
 * A location as the booking page shows it before booking: an address or custom text is
 * public, the host's phone only when the invitee is to call it, a meeting URL never (it comes
 * with the confirmation).
 */
function presentLocation(location: EventLocation) {
  const { type, options } = location;
  const shown: Record<string, string> = {};
  if (type === "IN_PERSON" && options.address) shown.address = options.address;
  if (type === "CUSTOM" && options.custom) shown.custom = options.custom;
  if (type === "PHONE_CALL") {
    shown.direction = options.direction ?? "HOST_CALLS_INVITEE";
    if (options.direction === "INVITEE_CALLS_HOST" && options.phone) shown.phone = options.phone;
  }
  return { type, options: ONLINE_LOCATION_TYPES.has(type) ? {} : shown };
}

export const publicEventTypeSchema = z.object({
  eventType: z.object({
    kind: z.string(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    duration: z.number(),
    durations: z.array(z.number()),
    locations: z.array(z.object({ type: z.string(), options: z.record(z.string(), z.string()) })),
    questions: z.array(questionResponseSchema),
    price: priceResponseSchema.nullable(),
    requiresEmailVerification: z.boolean(),
    lockTimeZone: z.boolean(),
    seats: z.number().nullable(),
    /** The owner's zone: the timetable's default. */
    timeZone: z.string(),
    /** False when the event type takes payment and this server has no payments set up. */
    bookable: z.boolean(),
  }),
  owner: z.object({
    kind: z.enum(["user", "team"]),
    name: z.string(),
    /** The username, or the team's slug. */
    slug: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  profile: publicProfileSchema,
  hosts: z.array(publicHostSchema),
  /** The host a host_slug / host_email pins, else null. */
  host: publicHostSchema.nullable(),
});

/** Everything a booking page needs of an event type, and nothing internal. */
export function presentPublicEventType(
  type: EventTypeRow,
  timeZone: string,
  owner: EventTypeOwner,
  hosts: readonly HostUser[],
  pinned: HostUser | null,
  lockedColors: TeamColorsRow | null,
  payments: { configured: boolean },
) {
  const clockOf =
    owner.kind === "user" ? owner.user : (hosts[0] ?? { timeFormat: 24, timeZone: timeZone });
  return {
    eventType: {
      kind: type.kind,
      title: type.title,
      slug: type.slug,
      description: type.description,
      duration: type.duration,
      durations: type.durations,
      locations: type.locations.map(presentLocation),
      questions: type.questions,
      price:
        type.priceAmount !== null && type.priceCurrency !== null
          ? { amount: type.priceAmount, currency: type.priceCurrency }
          : null,
      requiresEmailVerification: type.requiresEmailVerification,
      lockTimeZone: type.lockTimeZone,
      seats: type.seats,
      timeZone,
      bookable: type.priceAmount === null || payments.configured,
    },
    owner:
      owner.kind === "user"
        ? {
            kind: "user" as const,
            name: owner.user.name,
            slug: owner.user.username,
            avatarUrl: owner.user.avatarUploadId
              ? `/api/uploads/${owner.user.avatarUploadId}`
              : null,
          }
        : { kind: "team" as const, name: owner.team.name, slug: owner.team.slug, avatarUrl: null },
    profile: {
      ...presentPublicProfile(
        owner.profile,
        { timeFormat: clockOf.timeFormat, timeZone: clockOf.timeZone },
        lockedColors,
      ),
      timeFormat: clockOf.timeFormat,
      timeZone: clockOf.timeZone,
      welcomeMessage: owner.profile?.welcomeMessage ?? null,
    },
    hosts: hosts.map(presentPublicHost),
    host: pinned ? presentPublicHost(pinned) : null,
  };
}
