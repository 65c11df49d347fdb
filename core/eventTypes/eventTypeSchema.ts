import { z } from "zod";
import { EVENT_DESCRIPTION_MAX } from "./textLimits";

export const EVENT_KINDS = ["ONE_ON_ONE", "GROUP", "COLLECTIVE", "ROUND_ROBIN", "FLEXI"] as const;
export const TEAM_KINDS: ReadonlySet<string> = new Set(["COLLECTIVE", "ROUND_ROBIN", "FLEXI"]);

/** The spec's eleven location kinds; the online ones carry a meeting URL. */
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
]);

export const QUESTION_TYPES = [
  "SHORT_TEXT",
  "LONG_TEXT",
  "SINGLE_CHOICE",
  "MULTIPLE_CHOICE",
  "CHECKBOX",
  "PHONE",
] as const;

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
    error: "Please enter a valid URL.",
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
    if (type === "IN_PERSON") need("address", "Enter the address.");
    if (type === "CUSTOM") need("custom", "Enter the location.");
    if (type === "PHONE_CALL") {
      need("direction", "Please select an option");
      if (options.direction === "INVITEE_CALLS_HOST") need("phone", "Invalid phone number");
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
    id: z.string().trim().regex(QUESTION_ID_PATTERN, {
      error: "Start with a letter, then use letters, digits, dashes or underscores (at most 64).",
    }),
    type: z.enum(QUESTION_TYPES),
    label: z.string().trim().min(1, { error: "Required" }).max(300),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  })
  .refine((q) => !["SINGLE_CHOICE", "MULTIPLE_CHOICE"].includes(q.type) || q.options.length >= 1, {
    error: "Add at least one option.",
    path: ["options"],
  });
export type Question = z.infer<typeof questionSchema>;

export const hostGroupSchema = z.object({
  mode: z.enum(["ALL", "ANY"]),
  userIds: z.array(z.uuid()).min(1, { error: "Add at least one host." }),
});
export type HostGroup = z.infer<typeof hostGroupSchema>;

const minutes = (max: number) => z.number().int().min(0).max(max);
const durationField = z
  .number()
  .int()
  .min(DURATION_MIN, {
    error: `Durations are between ${DURATION_MIN} and ${DURATION_MAX} minutes.`,
  })
  .max(DURATION_MAX, {
    error: `Durations are between ${DURATION_MIN} and ${DURATION_MAX} minutes.`,
  });

/** Every field of an event type a host may set, without defaults (PATCH bodies use it). */
const baseShape = {
  kind: z.enum(EVENT_KINDS),
  title: z.string().trim().min(1, { error: "Required" }).max(200),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, {
      error: "Use lowercase letters, digits and dashes.",
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
  seats: z
    .number()
    .int()
    .min(2, { error: "A group event needs at least 2 seats." })
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
  requiresEmailVerification: z.boolean(),
  redirectUrl: httpUrl.nullable(),
  redirectSeconds: z.number().int().min(0).max(120).nullable(),
  lockTimeZone: z.boolean(),
  active: z.boolean(),
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
  seats: baseShape.seats.default(null),
  hosts: baseShape.hosts.default([]),
  hostGroups: baseShape.hostGroups.default([]),
  questions: baseShape.questions.default([]),
  price: baseShape.price.default(null),
  requiresEmailVerification: baseShape.requiresEmailVerification.default(false),
  redirectUrl: baseShape.redirectUrl.default(null),
  redirectSeconds: baseShape.redirectSeconds.default(null),
  lockTimeZone: baseShape.lockTimeZone.default(false),
  active: baseShape.active.default(true),
});

/** The checks that look at several fields at once, by kind. */
export const eventTypeSchema = eventTypeFields.superRefine((type, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", message, path: [path] });
  const durations = type.durations ?? [type.duration];
  if (!durations.includes(type.duration)) {
    issue("durations", "The default duration must be one of the choices.");
  }
  if (new Set(durations).size !== durations.length) issue("durations", "Each duration once.");
  if (type.kind === "GROUP" && type.seats === null)
    issue("seats", "A group event needs at least 2 seats.");
  if (type.kind !== "GROUP" && type.seats !== null) issue("seats", "Only group events have seats.");
  if (TEAM_KINDS.has(type.kind)) {
    if (type.teamId === null) issue("teamId", "Team event types belong to a team.");
  } else if (type.teamId !== null) {
    issue("teamId", "Only collective, round-robin and flexi event types belong to a team.");
  }
  if (type.kind === "COLLECTIVE" || type.kind === "ROUND_ROBIN") {
    const ids = new Set(type.hosts.map((h) => h.userId));
    if (ids.size < 2) issue("hosts", "Add at least two hosts.");
    if (ids.size !== type.hosts.length) issue("hosts", "Each host once.");
  }
  if (type.kind === "FLEXI") {
    if (type.hostGroups.length === 0) issue("hostGroups", "Add at least one host group.");
    const all = type.hostGroups.flatMap((g) => g.userIds);
    if (new Set(all).size !== all.length) issue("hostGroups", "A host belongs to one group only.");
  } else if (type.hostGroups.length > 0) {
    issue("hostGroups", "Only flexi event types have host groups.");
  }
  if (type.redirectSeconds !== null && type.redirectUrl === null) {
    issue("redirectUrl", "Required");
  }
});
export type EventTypeInput = z.infer<typeof eventTypeSchema>;
export type EventTypeDraft = z.input<typeof eventTypeSchema>;

/** A PATCH body: any field; the merged result is checked again with `eventTypeSchema`. */
export const eventTypeUpdateSchema = z.object(baseShape).partial();
