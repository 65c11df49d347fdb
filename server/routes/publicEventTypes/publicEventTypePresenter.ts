import { z } from "zod";
import type { EventLocation } from "../../../core/eventTypes/eventTypeSchema";
import { ONLINE_LOCATION_TYPES } from "../../../core/eventTypes/eventTypeSchema";
import type { HostUser } from "../../data/bookings";
import type { EventTypeRow } from "../../data/eventTypes";
import type { EventTypeOwner } from "../../data/publicProfiles";
import type { ProfileRow } from "../../data/users";
import { presentPublicHost, publicHostSchema } from "../events/eventPresenter";

/** The spec's Profile as public pages need it: analytics, legal links, branding, colours. */
export const publicProfileSchema = z.object({
  googleAnalytics: z.string().nullable(),
  facebookPixelId: z.string().nullable(),
  showPrivacyPolicy: z.boolean(),
  privacyPolicyUrl: z.string().nullable(),
  showImprint: z.boolean(),
  imprintUrl: z.string().nullable(),
  hideBranding: z.boolean(),
  timeFormat: z.number(),
  timeZone: z.string(),
  welcomeMessage: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  primaryColor: z.string().nullable(),
});

function presentProfile(
  profile: ProfileRow | null,
  clock: { timeFormat: number; timeZone: string },
) {
  return {
    googleAnalytics: profile?.googleAnalytics ?? null,
    facebookPixelId: profile?.facebookPixelId ?? null,
    showPrivacyPolicy: profile?.showPrivacyPolicy ?? false,
    privacyPolicyUrl: profile?.privacyPolicyUrl ?? null,
    showImprint: profile?.showImprint ?? false,
    imprintUrl: profile?.imprintUrl ?? null,
    hideBranding: profile?.hideBranding ?? false,
    timeFormat: clock.timeFormat,
    timeZone: clock.timeZone,
    welcomeMessage: profile?.welcomeMessage ?? null,
    backgroundColor: profile?.backgroundColor ?? null,
    textColor: profile?.textColor ?? null,
    primaryColor: profile?.primaryColor ?? null,
  };
}

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
    questions: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        label: z.string(),
        required: z.boolean(),
        options: z.array(z.string()),
      }),
    ),
    price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
    requiresEmailVerification: z.boolean(),
    lockTimeZone: z.boolean(),
    seats: z.number().nullable(),
    /** The owner's zone: the timetable's default. */
    timeZone: z.string(),
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
    profile: presentProfile(owner.profile, {
      timeFormat: clockOf.timeFormat,
      timeZone: clockOf.timeZone,
    }),
    hosts: hosts.map(presentPublicHost),
    host: pinned ? presentPublicHost(pinned) : null,
  };
}
