import { z } from "zod";
import { emailField, LANGUAGES } from "../accounts/accountSchemas";
import { QUESTION_ID_MAX } from "../eventTypes/eventTypeSchema";
import { RECURRENCE_OCCURRENCES_MAX } from "../eventTypes/recurrenceLimits";
import { issueMessage } from "../issueMessage";
import { isEmailAddress } from "../validation/emailAddress";
import { isSupportedInstant, UNSUPPORTED_DATE_MESSAGE } from "../validation/supportedDates";
import { timeZoneField } from "../validation/timeZoneField";
import { GUESTS_MAX, SALUTATIONS } from "./bookingFormLimits";
import { guestEmailMessage } from "./checkGuests";

const SELECT_MESSAGE = issueMessage("fields.selectOption");
const INVALID_ANSWER = issueMessage("fields.invalidAnswer");

/** Forms send "" or null for a field left empty; both mean absent. */
const blankAsAbsent = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "")
    ? undefined
    : value;

const optionalText = (max: number) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(max, { error: issueMessage("fields.atMostCharacters", { count: max }) })
      .optional(),
  );

/** A guest's address: refused naming it, since a list of them does not say which is wrong. */
const guestEmailField = z
  .string()
  .trim()
  .superRefine((address, ctx) => {
    if (isEmailAddress(address)) return;
    const { params } = guestEmailMessage(address);
    ctx.addIssue({
      code: "custom",
      message: issueMessage("fields.invalidGuestEmail", params as { address: string }),
    });
  });

/** An email that is also "fields.invalidEmail" when missing. */
export const requiredEmailField = z.preprocess(
  (value) => (value === undefined || value === null ? "" : value),
  emailField,
);

const linkField = z.string().trim().min(1).max(200);

/** Which event type a public call addresses: a user's event type, a shared link or a single-use link. */
export const eventTypeLinkShape = {
  userLink: linkField.optional(),
  eventTypeLink: linkField.optional(),
  sharedLink: linkField.optional(),
  singleUseLink: linkField.optional(),
  hostSlug: z.preprocess(blankAsAbsent, linkField.optional()),
  hostEmail: z.preprocess(blankAsAbsent, z.string().trim().max(254).optional()),
};

export type EventTypeLink =
  | { userLink: string; eventTypeLink: string; hostSlug?: string; hostEmail?: string }
  | { sharedLink: string; hostSlug?: string; hostEmail?: string }
  | { singleUseLink: string };

/** The addressed link of a parsed request, or null when none is complete. */
export function eventTypeLinkOf(request: {
  userLink?: string | undefined;
  eventTypeLink?: string | undefined;
  sharedLink?: string | undefined;
  singleUseLink?: string | undefined;
  hostSlug?: string | undefined;
  hostEmail?: string | undefined;
}): EventTypeLink | null {
  const named = {
    ...(request.hostSlug !== undefined ? { hostSlug: request.hostSlug } : {}),
    ...(request.hostEmail !== undefined ? { hostEmail: request.hostEmail } : {}),
  };
  if (request.singleUseLink !== undefined) return { singleUseLink: request.singleUseLink };
  if (request.sharedLink !== undefined) return { sharedLink: request.sharedLink, ...named };
  if (request.userLink !== undefined && request.eventTypeLink !== undefined) {
    return { userLink: request.userLink, eventTypeLink: request.eventTypeLink, ...named };
  }
  return null;
}

/** An ISO 8601 instant with Z or an offset, e.g. 2026-11-23T08:00:00Z, from 1970 to 9999. */
export const instantField = z.iso
  .datetime({ offset: true, error: issueMessage("time.chooseTime") })
  .pipe(z.string().refine(isSupportedInstant, { error: UNSUPPORTED_DATE_MESSAGE }));

const answerValue = z.union([
  z.string().max(5000, { error: INVALID_ANSWER }),
  z.array(z.string().max(1000, { error: INVALID_ANSWER })).max(50),
  z.boolean(),
  z.null(),
]);

/**
 * The body of `POST /api/event`: shape and the field rules that need no event type. The
 * rules that do (questions, locations, durations) are in validateBookingRequest.
 */
export const bookingRequestSchema = z
  .object({
    ...eventTypeLinkShape,
    start: instantField,
    duration: z.number().int().min(1).max(10_000).optional(),
    timezone: timeZoneField,
    name: optionalText(200),
    firstName: optionalText(100),
    lastName: optionalText(100),
    salutation: z.preprocess(
      blankAsAbsent,
      z.enum(SALUTATIONS, { error: SELECT_MESSAGE }).optional(),
    ),
    email: requiredEmailField,
    guests: z
      .array(guestEmailField)
      .max(GUESTS_MAX, { error: issueMessage("fields.atMostGuests", { count: GUESTS_MAX }) })
      .default([]),
    phone: z.preprocess(blankAsAbsent, z.string().trim().max(40).optional()),
    /** The invitee agreed to texts about this booking (asked when a workflow texts them). */
    smsConsent: z.boolean().optional(),
    location: z
      .object({
        type: z.string().trim().min(1, { error: SELECT_MESSAGE }).max(40),
        value: z.preprocess(blankAsAbsent, z.string().trim().max(500).optional()),
      })
      .optional(),
    answers: z.record(z.string().max(QUESTION_ID_MAX), answerValue).default({}),
    // Absent: the server takes the request's language (cookie, Accept-Language).
    language: z.preprocess(blankAsAbsent, z.enum(LANGUAGES, { error: SELECT_MESSAGE }).optional()),
    emailCode: z.preprocess(blankAsAbsent, z.string().trim().max(20).optional()),
    // The routing form response the booking page was opened from (its c__routing_response).
    routingResponseId: z.preprocess(blankAsAbsent, z.uuid().optional()),
    // A paid type's terms: true when the invitee ticked "I accept the payment terms".
    paymentTermsAccepted: z.boolean({ error: issueMessage("general.useTrueOrFalse") }).optional(),
    /** A recurring event type: how many occurrences of the weekly series, from `start`. */
    occurrences: z.number().int().min(1).max(RECURRENCE_OCCURRENCES_MAX).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.name === undefined && (!request.firstName || !request.lastName)) {
      const path =
        request.firstName || request.lastName
          ? [request.firstName ? "lastName" : "firstName"]
          : ["name"];
      ctx.addIssue({ code: "custom", message: issueMessage("general.required"), path });
    }
    if (eventTypeLinkOf(request) === null) {
      ctx.addIssue({
        code: "custom",
        message: issueMessage("booking.sendLinks"),
        path: ["eventTypeLink"],
      });
    }
  });
export type BookingRequest = z.infer<typeof bookingRequestSchema>;
