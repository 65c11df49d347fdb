import { z } from "zod";
import { issueMessage } from "../issueMessage";
import {
  REMINDER_OFFSET_MAX,
  REMINDER_RECIPIENTS,
  REMINDER_TEXT_MAX,
  REMINDERS_MAX,
} from "./reminderLimits";

export * from "./reminderLimits";

const OFFSET_RANGE = issueMessage("eventTypes.reminderOffsetRange", {
  min: 1,
  max: REMINDER_OFFSET_MAX,
});

const reminderSchema = z.object({
  minutesBefore: z
    .number()
    .int()
    .min(1, { error: OFFSET_RANGE })
    .max(REMINDER_OFFSET_MAX, { error: OFFSET_RANGE }),
  to: z.enum(REMINDER_RECIPIENTS),
});

/** An event type's reminders: at most REMINDERS_MAX, each offset once. */
export const remindersSchema = z
  .array(reminderSchema)
  .max(REMINDERS_MAX, { error: issueMessage("eventTypes.remindersMax", { max: REMINDERS_MAX }) })
  .superRefine((reminders, ctx) => {
    const offsets = reminders.map((r) => r.minutesBefore);
    if (new Set(offsets).size !== offsets.length) {
      ctx.addIssue({ code: "custom", message: issueMessage("eventTypes.eachReminderOnce") });
    }
  });

/** The follow-up after the meeting, or null for none. */
export const followUpSchema = z
  .object({
    minutesAfter: z
      .number()
      .int()
      .min(0, { error: OFFSET_RANGE })
      .max(REMINDER_OFFSET_MAX, { error: OFFSET_RANGE }),
    text: z.string().max(REMINDER_TEXT_MAX).default(""),
  })
  .nullable();

/** The host's extra text in every reminder ("" for none). */
export const reminderTextSchema = z.string().max(REMINDER_TEXT_MAX);
