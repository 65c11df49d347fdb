import { z } from "zod";
import { APPROVAL_SCOPES } from "../booking/needsApproval";
import { REFUND_POLICIES } from "../eventTypes/eventTypeSchema";
import { publicHostSchema } from "./events";
import {
  eventTypeSummaryShape,
  locationResponseSchema,
  priceResponseSchema,
  questionResponseSchema,
} from "./eventTypes";
import { publicProfileSchema as profileFieldsSchema } from "./profile";

const linkParam = z.string().trim().min(1).max(200);

/** `{user}/{eventType}` of GET /api/user/{user}/{eventType}. */
export const userEventTypeParams = z.object({ user: linkParam, eventType: linkParam });

/** `{link}` of GET /api/shared/{link} and /api/single-use-link/{link}. */
export const eventTypeLinkParams = z.object({ link: linkParam });

/** A host pinned by their username or email (team kinds). */
export const pinnedHostQuery = z.object({
  host_email: z.string().trim().max(254).optional(),
  host_slug: z.string().trim().max(100).optional(),
});

/** The spec's Profile as the booking page needs it, with the owner's clock and welcome. */
export const bookingPageProfileSchema = profileFieldsSchema.extend({
  timeFormat: z.number(),
  timeZone: z.string(),
  welcomeMessage: z.string().nullable(),
});

/** An event type as its booking page reads it, and nothing internal. */
export const publicEventTypeFieldsSchema = z.object({
  ...eventTypeSummaryShape,
  /** Addresses and custom texts; a meeting URL never (it comes with the confirmation). */
  locations: z.array(locationResponseSchema),
  questions: z.array(questionResponseSchema),
  price: priceResponseSchema.nullable(),
  requiresEmailVerification: z.boolean(),
  lockTimeZone: z.boolean(),
  seats: z.number().nullable(),
  /** The owner's zone: the timetable's default. */
  timeZone: z.string(),
  /** False when the event type takes payment and this server has no payments set up. */
  bookable: z.boolean(),
  /**
   * A paid event type on a server with Stripe: where the page loads Stripe.js from, the key it
   * gives it, the terms the invitee accepts and what cancelling refunds.
   */
  payment: z
    .object({
      gateway: z.literal("Stripe"),
      jsUrl: z.string(),
      publishableKey: z.string(),
      terms: z.string().nullable(),
      refundPolicy: z.enum(REFUND_POLICIES),
      refundHours: z.number().nullable(),
    })
    .nullable()
    .optional(),
  /**
   * Whose bookings wait for the host's approval, so the page can say so before the invitee
   * submits: the scope, and for OUTSIDE_DOMAIN the hosts' email domains. Null: nobody's.
   */
  approval: z
    .object({ scope: z.enum(APPROVAL_SCOPES), hostDomains: z.array(z.string()) })
    .nullable()
    .optional(),
  /** A weekly series the invitee may book (every N weeks, up to N meetings); null: none. */
  recurrence: z
    .object({ everyWeeks: z.number(), maxOccurrences: z.number() })
    .nullable()
    .optional(),
  /**
   * An active workflow texts the invitee (and this server can send texts): the form asks for a
   * mobile number and for consent to texts, both optional.
   */
  textsInvitee: z.boolean().optional(),
  /** The spec's form options (first and last name, salutation); this server never sets them yet. */
  askFirstLastName: z.boolean().optional(),
  askSalutation: z.boolean().optional(),
});

export const eventTypeOwnerSchema = z.object({
  kind: z.enum(["user", "team"]),
  name: z.string(),
  /** The username, or the team's slug. */
  slug: z.string(),
  avatarUrl: z.string().nullable(),
});

/** The answer of the public event-type reads (GET /user/..., /shared/..., /single-use-link/...). */
export const publicEventTypeSchema = z.object({
  eventType: publicEventTypeFieldsSchema,
  owner: eventTypeOwnerSchema,
  profile: bookingPageProfileSchema,
  hosts: z.array(publicHostSchema),
  /** The host a host_slug / host_email pins, else null. */
  host: publicHostSchema.nullable(),
});

export type PublicEventTypeResponse = z.infer<typeof publicEventTypeSchema>;
export type PublicEventTypeFields = z.infer<typeof publicEventTypeFieldsSchema>;
export type EventTypeOwnerResponse = z.infer<typeof eventTypeOwnerSchema>;
export type BookingPageProfile = z.infer<typeof bookingPageProfileSchema>;
