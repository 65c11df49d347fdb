import { z } from "zod";
import { REMINDER_OFFSET_MAX } from "../eventTypes/reminderLimits";
import { issueMessage } from "../issueMessage";
import {
  WORKFLOW_ACTIONS,
  WORKFLOW_CANCELLERS,
  WORKFLOW_TRIGGERS,
} from "../workflows/workflowKinds";
import { WORKFLOW_BODY_MAX, WORKFLOW_SUBJECT_MAX } from "../workflows/workflowTemplate";
import { webhookUrlSchema } from "./webhooks";

/** The most steps one workflow has. */
export const WORKFLOW_STEPS_MAX = 10;
const TIMED = new Set(["before_start", "after_end"]);
const EMAILS = new Set(["email_invitee", "email_hosts", "email_guests", "email_address"]);

/** `{id}` of /api/workflows/{id}. */
export const workflowParams = z.object({
  id: z.uuid({ error: issueMessage("workflows.notFound") }),
});

/** `?eventTypeId=` of GET /api/workflows. */
export const workflowListQuery = z.object({
  eventTypeId: z.uuid({ error: issueMessage("eventTypes.notFound") }),
});

const text = (max: number) => z.string().max(max).nullable().default(null);

export const workflowStepSchema = z
  .object({
    action: z.enum(WORKFLOW_ACTIONS),
    /** email_address: the address; webhook: the URL; otherwise null. */
    target: z.string().trim().max(2000).nullable().default(null),
    /** null (with body null): the trigger's built-in message (before the start, after the end). */
    subject: text(WORKFLOW_SUBJECT_MAX),
    body: text(WORKFLOW_BODY_MAX),
    /** The host's text inside a built-in message. */
    note: z.string().max(WORKFLOW_BODY_MAX).default(""),
  })
  .strict();

const workflowFields = {
  name: z.string().trim().min(1).max(200),
  active: z.boolean(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  /** before_start / after_end: minutes before the start or after the end (elapsed time). */
  offsetMinutes: z.int().min(0).max(REMINDER_OFFSET_MAX),
  /** cancelled: whose cancellations fire it. */
  cancelledBy: z.array(z.enum(WORKFLOW_CANCELLERS)).max(WORKFLOW_CANCELLERS.length),
  steps: z
    .array(workflowStepSchema)
    .min(1, { error: issueMessage("workflows.stepsRequired") })
    .max(WORKFLOW_STEPS_MAX),
};

type Draft = {
  trigger: (typeof WORKFLOW_TRIGGERS)[number];
  steps: z.infer<typeof workflowStepSchema>[];
};

/** Each step names what it needs: an address or URL, and a text unless a built-in one fits. */
function checkSteps(draft: Draft, ctx: z.RefinementCtx) {
  draft.steps.forEach((step, index) => {
    const needsTarget = step.action === "email_address" || step.action === "webhook";
    if (needsTarget && (step.target ?? "") === "") {
      ctx.addIssue({
        code: "custom",
        path: ["steps", index, "target"],
        message: issueMessage("workflows.targetRequired"),
      });
    }
    if (
      step.action === "email_address" &&
      step.target &&
      !z.email().safeParse(step.target).success
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["steps", index, "target"],
        message: issueMessage("fields.invalidEmail"),
      });
    }
    if (
      step.action === "webhook" &&
      step.target &&
      !webhookUrlSchema.safeParse(step.target).success
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["steps", index, "target"],
        message: issueMessage("fields.invalidUrl"),
      });
    }
    const builtIn =
      TIMED.has(draft.trigger) && step.action !== "email_address" && EMAILS.has(step.action);
    if (step.action === "webhook" || builtIn) return;
    const emptyBody = (step.body ?? "").trim() === "";
    const emptySubject = EMAILS.has(step.action) && (step.subject ?? "").trim() === "";
    if (emptyBody || emptySubject) {
      ctx.addIssue({
        code: "custom",
        path: ["steps", index, emptyBody ? "body" : "subject"],
        message: issueMessage("workflows.textRequired"),
      });
    }
  });
}

export const workflowCreateSchema = z
  .object({
    eventTypeId: z.uuid({ error: issueMessage("eventTypes.notFound") }),
    ...workflowFields,
    active: workflowFields.active.default(true),
    offsetMinutes: workflowFields.offsetMinutes.default(0),
    cancelledBy: workflowFields.cancelledBy.default([...WORKFLOW_CANCELLERS]),
  })
  .strict()
  .superRefine(checkSteps);

/** A PATCH: the fields given replace the workflow's (its steps all at once). */
export const workflowUpdateSchema = z
  .object({
    name: workflowFields.name.optional(),
    active: workflowFields.active.optional(),
    trigger: workflowFields.trigger.optional(),
    offsetMinutes: workflowFields.offsetMinutes.optional(),
    cancelledBy: workflowFields.cancelledBy.optional(),
    steps: workflowFields.steps.optional(),
  })
  .strict();

/** Checks a merged workflow whole, as a create would. */
export const workflowDraftSchema = z.object({ ...workflowFields }).superRefine(checkSteps);

export const workflowSchema = z.object({
  id: z.uuid(),
  eventTypeId: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  offsetMinutes: z.int(),
  cancelledBy: z.array(z.enum(WORKFLOW_CANCELLERS)),
  /** "reminders": the event type's reminder settings, rewritten when those change. */
  source: z.enum(["reminders"]).nullable(),
  steps: z.array(
    z.object({
      id: z.uuid(),
      action: z.enum(WORKFLOW_ACTIONS),
      target: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      note: z.string(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const workflowListResponseSchema = z.object({
  workflows: z.array(workflowSchema),
  /** Whether texts can be sent (an SMS provider is set up); SMS steps fail otherwise. */
  smsConfigured: z.boolean(),
});

/** One step's execution for one recipient. */
export const workflowRunSchema = z.object({
  id: z.int(),
  stepId: z.uuid(),
  action: z.enum(WORKFLOW_ACTIONS),
  eventId: z.uuid().nullable(),
  recipient: z.string(),
  status: z.enum(["scheduled", "sent", "failed", "skipped"]),
  /** Why it failed or was skipped (a code such as not_configured, no_consent, meeting_changed, or the provider's words). */
  error: z.string().nullable(),
  attempts: z.int(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
});

/** A workflow as just created: with the secret that signs its webhook calls, shown this once. */
export const workflowCreatedSchema = workflowSchema.extend({
  /** Checks a call's `Slotted-Signature` as for webhook deliveries (docs/workflows.md). */
  signingSecret: z.string(),
});

/** A workflow's new signing secret, shown this once. */
export const workflowSigningSecretSchema = z.object({ signingSecret: z.string() });

export const workflowRunListSchema = z.object({ runs: z.array(workflowRunSchema) });

export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;
export type Workflow = z.infer<typeof workflowSchema>;
export type WorkflowCreated = z.infer<typeof workflowCreatedSchema>;
export type WorkflowRun = z.infer<typeof workflowRunSchema>;
export type WorkflowListResponse = z.infer<typeof workflowListResponseSchema>;
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowRunList = z.infer<typeof workflowRunListSchema>;
