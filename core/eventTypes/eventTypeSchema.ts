import { z } from "zod";
import { APPROVAL_SCOPES } from "../booking/needsApproval";
import { issueMessage } from "../issueMessage";
import { EVENT_KINDS, TEAM_KINDS } from "./eventKinds";
import { RECURRENCE_EVERY_WEEKS_MAX, RECURRENCE_OCCURRENCES_MAX } from "./recurrenceLimits";
import {
  DEFAULT_REMINDERS,
  followUpSchema,
  remindersSchema,
  reminderTextSchema,
} from "./reminderSettings";
import { EVENT_DESCRIPTION_MAX, EVENT_SLUG_MAX, EVENT_TITLE_MAX } from "./textLimits";

export { EVENT_KINDS, type EventKind, TEAM_KINDS } from "./eventKinds";

import { CONNECTED_LOCATION_TYPES } from "./connectedLocationTypes";

export {
  CONNECTED_LOCATION_TYPES,
  type ConnectedLocationType,
  isConnectedLocationType,
} from "./connectedLocationTypes";

/**
 * The spec's eleven location kinds, plus JITSI: a Jitsi Meet room made for each booking (no
 * account, no URL to set), plus the connected ones above. The other online ones carry the
 * host's meeting URL.
 */
export const LOCATION_TYPES = [
  "IN_PERSON",
  "PHONE_CALL",
  "CUSTOM",
  "ONLINE",
  "ZOOM",
  "GOOGLE_MEET",
  "MICROSOFT_TEAMS",
  "MICROSOFT_SKYPE",
  "WEBEX",
  "WHATSAPP",
  "WHEREBY",
  "JITSI",
  ...CONNECTED_LOCATION_TYPES,
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const ONLINE_LOCATION_TYPES: ReadonlySet<LocationType> = new Set([
  "ONLINE",
  "ZOOM",
  "GOOGLE_MEET",
  "MICROSOFT_TEAMS",
  "MICROSOFT_SKYPE",
  "WEBEX",
  "WHEREBY",
  ...CONNECTED_LOCATION_TYPES,
]);

export const QUESTION_TYPES = [
  "SHORT_TEXT",
  "LONG_TEXT",
  "SINGLE_CHOICE",
  "MULTIPLE_CHOICE",
  "CHECKBOX",
  "PHONE",
] as const;

/** What an invitee's cancellation refunds of a paid booking (a host's always refunds in full). */
export const REFUND_POLICIES = ["NONE", "FULL", "FULL_BEFORE"] as const;
export type RefundPolicy = (typeof REFUND_POLICIES)[number];

export const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "AUD",
  "BRL",
  "CAD",
  "CHF",
  "INR",
  "PLN",
  "RON",
  "TRY",
] as const;

export const DURATION_MIN = 5;
export const DURATION_MAX = 720;
export { LONG_ANSWER_MAX, REASON_MAX, SHORT_ANSWER_MAX } from "./textLimits";

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:/i.test(value), {
    error: issueMessage("fields.invalidUrl"),
  });

export const locationSchema = z
  .object({
    type: z.enum(LOCATION_TYPES),
    options: z
      .object({
        address: z.string().trim().max(500).optional(),
        custom: z.string().trim().max(500).optional(),
        url: httpUrl.optional(),
        /** PHONE_CALL: who dials; the host's number when the invitee calls. */
        direction: z.enum(["HOST_CALLS_INVITEE", "INVITEE_CALLS_HOST"]).optional(),
        phone: z.string().trim().max(40).optional(),
      })
      .strict()
      .default({}),
  })
  .superRefine((location, ctx) => {
    const { type, options } = location;
    const need = (field: keyof typeof options, message: string) => {
      if (!options[field]) ctx.addIssue({ code: "custom", message, path: ["options", field] });
    };
    if (type === "IN_PERSON") need("address", issueMessage("fields.enterAddress"));
    if (type === "CUSTOM") need("custom", issueMessage("fields.enterLocation"));
    if (type === "PHONE_CALL") {
      need("direction", issueMessage("fields.selectOption"));
      if (options.direction === "INVITEE_CALLS_HOST")
        need("phone", issueMessage("fields.invalidPhone"));
    }
  });
export type EventLocation = z.infer<typeof locationSchema>;

/**
 * A question id: it keys the invitee's answers (a JSON object, form field names, error
 * paths), so it is a plain identifier that starts with a letter; `__proto__` and the like
 * cannot be one.
 */
export const QUESTION_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const QUESTION_ID_MAX = 64;

const questionSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(QUESTION_ID_PATTERN, {
        error: issueMessage("fields.idFormat"),
      }),
    type: z.enum(QUESTION_TYPES),
    label: z
      .string()
      .trim()
      .min(1, { error: issueMessage("general.required") })
      .max(300),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  })
  .refine((q) => !["SINGLE_CHOICE", "MULTIPLE_CHOICE"].includes(q.type) || q.options.length >= 1, {
    error: issueMessage("eventTypes.addOption"),
    path: ["options"],
  });
export type Question = z.infer<typeof questionSchema>;

export const hostGroupSchema = z.object({
  mode: z.enum(["ALL", "ANY"]),
  userIds: z.array(z.uuid()).min(1, { error: issueMessage("eventTypes.addHost") }),
});
export type HostGroup = z.infer<typeof hostGroupSchema>;

const minutes = (max: number) => z.number().int().min(0).max(max);
const DURATIONS_RANGE = issueMessage("eventTypes.durationsRange", {
  min: DURATION_MIN,
  max: DURATION_MAX,
});
const durationField = z
  .number()
  .int()
  .min(DURATION_MIN, { error: DURATIONS_RANGE })
  .max(DURATION_MAX, { error: DURATIONS_RANGE });

/** Every field of an event type a host may set, without defaults (PATCH bodies use it). */
const baseShape = {
  kind: z.enum(EVENT_KINDS),
  title: z
    .string()
    .trim()
    .min(1, { error: issueMessage("general.required") })
    .max(EVENT_TITLE_MAX),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${EVENT_SLUG_MAX - 2}}[a-z0-9])?$`), {
      error: issueMessage("fields.linkFormat"),
    }),
  description: z.string().max(EVENT_DESCRIPTION_MAX),
  duration: durationField,
  durations: z.array(durationField).max(12).optional(),
  scheduleId: z.uuid().nullable(),
  teamId: z.uuid().nullable(),
  locations: z.array(locationSchema).max(11),
  bufferBefore: minutes(720),
  bufferAfter: minutes(720),
  minimumNotice: minutes(60 * 24 * 365),
  maxDaysAhead: z.number().int().min(0).max(730).nullable(),
  slotStep: z.number().int().min(5).max(DURATION_MAX).nullable(),
  dailyLimit: z.number().int().min(1).max(1000).nullable(),
  weeklyLimit: z.number().int().min(1).max(5000).nullable(),
  monthlyLimit: z.number().int().min(1).max(20000).nullable(),
  dailyDurationLimit: z
    .number()
    .int()
    .min(DURATION_MIN)
    .max(24 * 60)
    .nullable(),
  weeklyDurationLimit: z
    .number()
    .int()
    .min(DURATION_MIN)
    .max(7 * 24 * 60)
    .nullable(),
  seats: z
    .number()
    .int()
    .min(2, { error: issueMessage("eventTypes.groupSeats") })
    .max(10000)
    .nullable(),
  hosts: z
    .array(z.object({ userId: z.uuid(), priority: z.number().int().min(0).max(100).default(0) }))
    .max(100),
  hostGroups: z.array(hostGroupSchema).max(20),
  questions: z.array(questionSchema).max(30),
  price: z
    .object({ amount: z.number().int().min(50).max(100_000_000), currency: z.enum(CURRENCIES) })
    .nullable(),
  /** Text the invitee accepts with a checkbox before paying. */
  paymentTerms: z.string().max(2000).nullable(),
  refundPolicy: z.enum(REFUND_POLICIES),
  /** FULL_BEFORE: a cancellation at least this many hours before the start is refunded. */
  refundHours: z.number().int().min(1).max(8760).nullable(),
  requiresEmailVerification: z.boolean(),
  redirectUrl: httpUrl.nullable(),
  redirectSeconds: z.number().int().min(0).max(120).nullable(),
  lockTimeZone: z.boolean(),
  active: z.boolean(),
  hidden: z.boolean(),
  allowCancel: z.boolean(),
  allowReschedule: z.boolean(),
  cancelNotice: minutes(60 * 24 * 365),
  rescheduleNotice: minutes(60 * 24 * 365),
  requiresApproval: z.boolean(),
  approvalDeadline: minutes(60 * 24 * 30),
  /** Mails before the start: `[{ minutesBefore, to: "invitee" | "invitee_and_host" }]`. */
  reminders: remindersSchema,
  /** The host's extra text in every reminder. */
  reminderText: reminderTextSchema,
  /** A mail to the invitee after the end, with the host's text; null: none. */
  followUp: followUpSchema,
  /** With requiresApproval: whose bookings wait (everyone, free-mail or outside-domain invitees). */
  approvalScope: z.enum(APPROVAL_SCOPES),
  /** A weekly series the invitee may book: every N weeks, up to N occurrences; null: none. */
  recurrence: z
    .object({
      everyWeeks: z.number().int().min(1).max(RECURRENCE_EVERY_WEEKS_MAX),
      maxOccurrences: z.number().int().min(2).max(RECURRENCE_OCCURRENCES_MAX),
    })
    .strict()
    .nullable(),
};

/** Every field with the defaults a new event type gets; cross-field rules are below. */
export const eventTypeFields = z.object({
  ...baseShape,
  description: baseShape.description.default(""),
  scheduleId: baseShape.scheduleId.default(null),
  teamId: baseShape.teamId.default(null),
  locations: baseShape.locations.default([]),
  bufferBefore: baseShape.bufferBefore.default(0),
  bufferAfter: baseShape.bufferAfter.default(0),
  minimumNotice: baseShape.minimumNotice.default(0),
  maxDaysAhead: baseShape.maxDaysAhead.default(60),
  slotStep: baseShape.slotStep.default(null),
  dailyLimit: baseShape.dailyLimit.default(null),
  weeklyLimit: baseShape.weeklyLimit.default(null),
  monthlyLimit: baseShape.monthlyLimit.default(null),
  dailyDurationLimit: baseShape.dailyDurationLimit.default(null),
  weeklyDurationLimit: baseShape.weeklyDurationLimit.default(null),
  seats: baseShape.seats.default(null),
  hosts: baseShape.hosts.default([]),
  hostGroups: baseShape.hostGroups.default([]),
  questions: baseShape.questions.default([]),
  price: baseShape.price.default(null),
  paymentTerms: baseShape.paymentTerms.default(null),
  refundPolicy: baseShape.refundPolicy.default("FULL"),
  refundHours: baseShape.refundHours.default(null),
  requiresEmailVerification: baseShape.requiresEmailVerification.default(false),
  redirectUrl: baseShape.redirectUrl.default(null),
  redirectSeconds: baseShape.redirectSeconds.default(null),
  lockTimeZone: baseShape.lockTimeZone.default(false),
  active: baseShape.active.default(true),
  hidden: baseShape.hidden.default(false),
  allowCancel: baseShape.allowCancel.default(true),
  allowReschedule: baseShape.allowReschedule.default(true),
  cancelNotice: baseShape.cancelNotice.default(0),
  rescheduleNotice: baseShape.rescheduleNotice.default(0),
  requiresApproval: baseShape.requiresApproval.default(false),
  approvalDeadline: baseShape.approvalDeadline.default(0),
  reminders: baseShape.reminders.default(() => DEFAULT_REMINDERS.map((r) => ({ ...r }))),
  reminderText: baseShape.reminderText.default(""),
  followUp: baseShape.followUp.default(null),
  approvalScope: baseShape.approvalScope.default("EVERYONE"),
  recurrence: baseShape.recurrence.default(null),
});

/** The checks that look at several fields at once, by kind. */
export const eventTypeSchema = eventTypeFields.superRefine((type, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", message, path: [path] });
  const durations = type.durations ?? [type.duration];
  if (!durations.includes(type.duration)) {
    issue("durations", issueMessage("eventTypes.defaultDurationInChoices"));
  }
  if (new Set(durations).size !== durations.length)
    issue("durations", issueMessage("eventTypes.eachDurationOnce"));
  if (type.kind === "GROUP" && type.seats === null)
    issue("seats", issueMessage("eventTypes.groupSeats"));
  if (type.kind !== "GROUP" && type.seats !== null)
    issue("seats", issueMessage("eventTypes.onlyGroupSeats"));
  if (TEAM_KINDS.has(type.kind)) {
    if (type.teamId === null) issue("teamId", issueMessage("eventTypes.teamTypeNeedsTeam"));
  } else if (type.teamId !== null) {
    issue("teamId", issueMessage("eventTypes.onlyTeamKinds"));
  }
  if (type.kind === "COLLECTIVE" || type.kind === "ROUND_ROBIN") {
    const ids = new Set(type.hosts.map((h) => h.userId));
    if (ids.size < 2) issue("hosts", issueMessage("eventTypes.addTwoHosts"));
    if (ids.size !== type.hosts.length) issue("hosts", issueMessage("eventTypes.eachHostOnce"));
  }
  if (type.kind === "FLEXI") {
    if (type.hostGroups.length === 0) issue("hostGroups", issueMessage("eventTypes.addHostGroup"));
    const all = type.hostGroups.flatMap((g) => g.userIds);
    if (new Set(all).size !== all.length)
      issue("hostGroups", issueMessage("eventTypes.hostInOneGroup"));
  } else if (type.hostGroups.length > 0) {
    issue("hostGroups", issueMessage("eventTypes.onlyFlexiGroups"));
  }
  if (type.redirectSeconds !== null && type.redirectUrl === null) {
    issue("redirectUrl", issueMessage("general.required"));
  }
  if (type.refundPolicy === "FULL_BEFORE" && type.refundHours === null) {
    issue("refundHours", issueMessage("general.required"));
  }
  // A series is written whole or not at all: seats, a payment hold and an approval per
  // occurrence would each let part of it stand.
  if (type.recurrence !== null) {
    if (type.kind === "GROUP") issue("recurrence", issueMessage("eventTypes.recurrenceNoSeats"));
    if (type.price !== null) issue("recurrence", issueMessage("eventTypes.recurrenceNoPrice"));
    if (type.requiresApproval) issue("recurrence", issueMessage("eventTypes.recurrenceNoApproval"));
  }
});
export type EventTypeInput = z.infer<typeof eventTypeSchema>;
export type EventTypeDraft = z.input<typeof eventTypeSchema>;

/** A PATCH body: any field; the merged result is checked again with `eventTypeSchema`. */
export const eventTypeUpdateSchema = z.object(baseShape).partial();
