import type { LocationOptionsResponse, LocationResponse } from "../../../core/api/eventTypes";
import type { PublicEventTypeResponse } from "../../../core/api/publicEventTypes";
import { emailDomain } from "../../../core/booking/needsApproval";
import type { EventLocation } from "../../../core/eventTypes/eventTypeSchema";
import { ONLINE_LOCATION_TYPES } from "../../../core/eventTypes/eventTypeSchema";
import type { Config } from "../../config";
import type { HostUser } from "../../data/bookings";
import type { EventTypeRow } from "../../data/eventTypes";
import type { EventTypeOwner } from "../../data/publicProfiles";
import type { TeamColorsRow } from "../../data/teams";
import { presentPublicHost } from "../events/eventPresenter";
import { presentPublicProfile } from "../profilePage/publicProfilePresenter";

/**
 * A location as the booking page shows it before booking: an address or custom text is
 * public, the host's phone only when the invitee is to call it, a meeting URL never (it comes
 * with the confirmation).
 */
function presentLocation(location: EventLocation): LocationResponse {
  const { type, options } = location;
  const shown: LocationOptionsResponse = {};
  if (type === "IN_PERSON" && options.address) shown.address = options.address;
  if (type === "CUSTOM" && options.custom) shown.custom = options.custom;
  if (type === "PHONE_CALL") {
    shown.direction = options.direction ?? "HOST_CALLS_INVITEE";
    if (options.direction === "INVITEE_CALLS_HOST" && options.phone) shown.phone = options.phone;
  }
  return { type, options: ONLINE_LOCATION_TYPES.has(type) ? {} : shown };
}

/** Everything a booking page needs of an event type, and nothing internal. */
/** Stripe as the booking page sees it: set up or not, and what Stripe.js needs. */
export interface PublicPayments {
  configured: boolean;
  jsUrl: string;
  publishableKey: string;
}

/** Stripe.js from its official address, unless STRIPE_JS_URL names another (tests). */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

export function publicPayments(stripe: Config["stripe"]): PublicPayments {
  return {
    configured: stripe !== null,
    jsUrl: stripe?.jsUrl ?? STRIPE_JS_URL,
    publishableKey: stripe?.publishableKey ?? "",
  };
}

export function presentPublicEventType(
  type: EventTypeRow,
  timeZone: string,
  owner: EventTypeOwner,
  hosts: readonly HostUser[],
  pinned: HostUser | null,
  lockedColors: TeamColorsRow | null,
  payments: PublicPayments,
  textsInvitee = false,
): PublicEventTypeResponse {
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
      recurrence: type.recurrence,
      textsInvitee,
      approval: type.requiresApproval
        ? {
            scope: type.approvalScope,
            hostDomains:
              type.approvalScope === "OUTSIDE_DOMAIN"
                ? [...new Set(hosts.map((host) => emailDomain(host.email)))]
                : [],
          }
        : null,
      timeZone,
      bookable: type.priceAmount === null || payments.configured,
      payment:
        type.priceAmount !== null && payments.configured
          ? {
              gateway: "Stripe" as const,
              jsUrl: payments.jsUrl,
              publishableKey: payments.publishableKey,
              terms: type.paymentTerms,
              refundPolicy: type.refundPolicy,
              refundHours: type.refundPolicy === "FULL_BEFORE" ? type.refundHours : null,
            }
          : null,
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
