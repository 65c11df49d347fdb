import { z } from "zod";
import { issueMessage } from "../issueMessage";
import { CONDITION_OPERATORS, FORM_FIELD_TYPES, PREFILL_TARGETS } from "../routingForms/formTypes";
import { timeZoneField } from "../validation/timeZoneField";

export { routingFormSchema, routingFormUpdateSchema } from "../routingForms/routingFormSchema";

/** `{id}` of /api/routing-forms/{id}. */
export const routingFormParams = z.object({
  id: z.uuid({ error: issueMessage("routingForms.notFound") }),
});

/** `{id}` of the spec's GET and POST /api/form/{id}: the form's link (slug) or its id. */
export const publicFormParams = z.object({ id: z.string().trim().min(1).max(100) });

export const formFieldResponseSchema = z.object({
  id: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  identifier: z.string(),
  required: z.boolean(),
  helpText: z.string(),
  options: z.array(z.string()),
  maxSelected: z.number().nullable(),
  allowNewOptions: z.boolean(),
  prefill: z.enum(PREFILL_TARGETS).nullable(),
});

const conditionResponseSchema = z.object({
  fieldId: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
});

export const formRouteResponseSchema = z.object({
  id: z.string(),
  isFallback: z.boolean(),
  join: z.enum(["all", "any"]),
  conditions: z.array(conditionResponseSchema),
  action: z.discriminatedUnion("type", [
    z.object({ type: z.literal("EVENT_TYPE"), eventTypeId: z.string() }),
    z.object({ type: z.literal("URL"), url: z.string(), appendAnswers: z.boolean() }),
    z.object({ type: z.literal("MESSAGE"), message: z.string() }),
  ]),
});

/** A form as its builder sees it, with how many responses took each route. */
export const routingFormResponseSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  teamId: z.uuid().nullable(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  fields: z.array(formFieldResponseSchema),
  routes: z.array(formRouteResponseSchema),
  /** The public page's address. */
  url: z.string(),
  responseCount: z.number().int(),
  routeCounts: z.record(z.string(), z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const routingFormListResponseSchema = z.object({
  forms: z.array(routingFormResponseSchema),
});

/** GET /api/form/{id}: what the public page shows (no routes: the server decides). */
export const publicFormResponseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  fields: z.array(formFieldResponseSchema.omit({ prefill: true, identifier: true })),
});

const UTM_NAMES = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;

const answerValue = z.union([
  z.string().max(5000, { error: issueMessage("fields.invalidAnswer") }),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1000, { error: issueMessage("fields.invalidAnswer") })).max(200),
  z.null(),
]);

/** POST /api/form/{id}: the answers by field id, the visitor's zone and the page's UTM parameters. */
export const submitFormRequestSchema = z.object({
  answers: z.record(z.string().max(64), answerValue).default({}),
  timezone: timeZoneField.optional(),
  utm: z
    .object(
      Object.fromEntries(
        UTM_NAMES.map((name) => [name, z.string().trim().max(200).optional()]),
      ) as Record<(typeof UTM_NAMES)[number], z.ZodOptional<z.ZodString>>,
    )
    .default({}),
});

/**
 * The spec's action response: `EVENT_TYPE` and `URL` name where the page goes next (the
 * loading indicator stays on while it does), `MESSAGE` the text the page shows instead.
 */
export const submitFormResponseSchema = z.object({
  responseId: z.uuid(),
  action: z.discriminatedUnion("actionType", [
    z.object({ actionType: z.literal("EVENT_TYPE"), url: z.string() }),
    z.object({ actionType: z.literal("URL"), url: z.string() }),
    z.object({ actionType: z.literal("MESSAGE"), message: z.string() }),
  ]),
});

const instant = z.iso.datetime({ offset: true, error: issueMessage("time.invalidInstant") });

/** GET /api/routing-forms/{id}/responses (and its CSV): filters and page. */
export const formResponsesQuery = z.object({
  routeId: z.string().trim().min(1).max(64).optional(),
  from: instant.optional(),
  to: instant.optional(),
  booked: z.enum(["true", "false"], { error: issueMessage("general.useTrueOrFalse") }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const formResponseItemSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  answers: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
  ),
  routeId: z.string(),
  actionType: z.enum(["EVENT_TYPE", "URL", "MESSAGE"]),
  utm: z.record(z.string(), z.string()),
  /** The booking made from the routed page. */
  booking: z.object({ eventId: z.uuid(), start: z.string(), status: z.string() }).nullable(),
});

export const formResponseListSchema = z.object({
  responses: z.array(formResponseItemSchema),
  total: z.number().int(),
});

export type RoutingFormResponse = z.infer<typeof routingFormResponseSchema>;
export type PublicFormResponse = z.infer<typeof publicFormResponseSchema>;
export type SubmitFormResponse = z.infer<typeof submitFormResponseSchema>;
export type FormResponseItem = z.infer<typeof formResponseItemSchema>;
export type FormResponseList = z.infer<typeof formResponseListSchema>;
export type RoutingFormListResponse = z.infer<typeof routingFormListResponseSchema>;
