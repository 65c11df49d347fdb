import { z } from "zod";
import { APPROVAL_SCOPES } from "../booking/needsApproval";
import { EVENT_KINDS } from "../eventTypes/eventKinds";
import { QUESTION_TYPES, REFUND_POLICIES } from "../eventTypes/eventTypeSchema";
import { REMINDER_RECIPIENTS } from "../eventTypes/reminderLimits";
import { issueMessage } from "../issueMessage";

export {
  eventTypeSchema as eventTypeCreateSchema,
  eventTypeUpdateSchema,
} from "../eventTypes/eventTypeSchema";

/** `{id}` of /api/event-types/{id}; a malformed id is as unknown as a missing one. */
export const eventTypeParams = z.object({
  id: z.uuid({ error: issueMessage("eventTypes.notFound") }),
});

export const eventTypeListQuery = z.object({ teamId: z.uuid().optional() });

/** A location's options as the API shows them (the booking page sees only the public ones). */
export const locationOptionsResponseSchema = z.object({
  address: z.string().optional(),
  custom: z.string().optional(),
  url: z.string().optional(),
  direction: z.enum(["HOST_CALLS_INVITEE", "INVITEE_CALLS_HOST"]).optional(),
  phone: z.string().optional(),
});

export const locationResponseSchema = z.object({
  type: z.string(),
  options: locationOptionsResponseSchema,
});

/** A custom question as the API shows it, to hosts and invitees alike. */
export const questionResponseSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});

export const priceResponseSchema = z.object({ amount: z.number(), currency: z.string() });

export const hostGroupResponseSchema = z.object({
  mode: z.enum(["ALL", "ANY"]),
  userIds: z.array(z.string()),
});

/** What every reader of an event type sees of it: hosts, booking pages and profile cards. */
export const eventTypeSummaryShape = {
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  duration: z.number(),
  durations: z.array(z.number()),
};

/** An event type as its host reads it: every field they set, and where invitees book it. */
export const eventTypeResponseSchema = z.object({
  id: z.uuid(),
  ...eventTypeSummaryShape,
  scheduleId: z.string().nullable(),
  teamId: z.string().nullable(),
  userId: z.string().nullable(),
  locations: z.array(locationResponseSchema),
  bufferBefore: z.number(),
  bufferAfter: z.number(),
  minimumNotice: z.number(),
  maxDaysAhead: z.number().nullable(),
  slotStep: z.number().nullable(),
  dailyLimit: z.number().nullable(),
  weeklyLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  /** Minutes. */
  dailyDurationLimit: z.number().nullable(),
  /** Minutes. */
  weeklyDurationLimit: z.number().nullable(),
  seats: z.number().nullable(),
  hosts: z.array(z.object({ userId: z.string(), priority: z.number() })),
  hostGroups: z.array(hostGroupResponseSchema),
  questions: z.array(questionResponseSchema),
  price: priceResponseSchema.nullable(),
  paymentTerms: z.string().nullable(),
  refundPolicy: z.enum(REFUND_POLICIES),
  refundHours: z.number().nullable(),
  requiresEmailVerification: z.boolean(),
  redirectUrl: z.string().nullable(),
  redirectSeconds: z.number().nullable(),
  lockTimeZone: z.boolean(),
  active: z.boolean(),
  /** Left off the profile page; its link still books. */
  hidden: z.boolean(),
  /** Whether invitees may cancel / reschedule online; the host always can. */
  allowCancel: z.boolean(),
  allowReschedule: z.boolean(),
  /** Minutes before the start after which invitees can no longer cancel / reschedule online. */
  cancelNotice: z.number(),
  rescheduleNotice: z.number(),
  /** Bookings wait for the host's approval (status PENDING_APPROVAL), holding their time. */
  requiresApproval: z.boolean(),
  /** Minutes before the start an unanswered request expires (0: at the start). */
  approvalDeadline: z.number(),
  /** Reminder mails before the start; minutes are elapsed time. */
  reminders: z.array(z.object({ minutesBefore: z.number(), to: z.enum(REMINDER_RECIPIENTS) })),
  /** The host's extra text in every reminder ("" for none). */
  reminderText: z.string(),
  /** The mail to the invitee after the end, or null. */
  followUp: z.object({ minutesAfter: z.number(), text: z.string() }).nullable(),
  /** With requiresApproval: whose bookings wait for it. */
  approvalScope: z.enum(APPROVAL_SCOPES),
  /** A weekly series invitees may book (every N weeks, up to N occurrences); null: none. */
  recurrence: z.object({ everyWeeks: z.number(), maxOccurrences: z.number() }).nullable(),
  sharedLink: z.string().nullable(),
  /** Where invitees book it: /{username}/{slug}, or /C|R|F/{sharedLink} for team kinds. */
  url: z.string().nullable(),
});

export const eventTypeListResponseSchema = z.object({
  eventTypes: z.array(eventTypeResponseSchema),
});

export type EventTypeResponse = z.infer<typeof eventTypeResponseSchema>;
/** The fields a host sets, as they read them back: what the editor sends again. */
export type EventTypeResponseFields = Omit<
  EventTypeResponse,
  "id" | "userId" | "sharedLink" | "url"
>;
export type LocationResponse = z.infer<typeof locationResponseSchema>;
export type LocationOptionsResponse = z.infer<typeof locationOptionsResponseSchema>;
export type QuestionResponse = z.infer<typeof questionResponseSchema>;
export type HostGroupResponse = z.infer<typeof hostGroupResponseSchema>;
export type EventTypeListResponse = z.infer<typeof eventTypeListResponseSchema>;
