import { z } from "zod";
import { issueMessage } from "../issueMessage";
import {
  CHOICE_TYPES,
  CONDITION_OPERATORS,
  FIELD_HELP_MAX,
  FIELD_IDENTIFIER_PATTERN,
  FIELD_LABEL_MAX,
  FIELD_OPTION_MAX,
  FIELD_OPTIONS_MAX,
  FORM_CONDITIONS_MAX,
  FORM_DESCRIPTION_MAX,
  FORM_FIELD_TYPES,
  FORM_FIELDS_MAX,
  FORM_ITEM_ID_PATTERN,
  FORM_ROUTES_MAX,
  FORM_SLUG_PATTERN,
  FORM_TITLE_MAX,
  type FormField,
  type FormRoute,
  OPERATORS_BY_TYPE,
  operatorTakesNoValue,
  PREFILL_TARGETS,
  ROUTE_MESSAGE_MAX,
  ROUTE_URL_MAX,
} from "./formTypes";
import { RESERVED_IDENTIFIERS } from "./routeTarget";

const itemId = z.string().regex(FORM_ITEM_ID_PATTERN, { error: issueMessage("fields.idFormat") });

const maxSelectedRange = issueMessage("routingForms.maxSelectedRange", { max: FIELD_OPTIONS_MAX });

export const formFieldSchema = z
  .object({
    id: itemId,
    type: z.enum(FORM_FIELD_TYPES),
    label: z
      .string()
      .trim()
      .min(1, { error: issueMessage("general.required") })
      .max(FIELD_LABEL_MAX, {
        error: issueMessage("fields.atMostCharacters", { count: FIELD_LABEL_MAX }),
      }),
    identifier: z
      .string()
      .trim()
      .regex(FIELD_IDENTIFIER_PATTERN, { error: issueMessage("fields.idFormat") })
      .refine((value) => !RESERVED_IDENTIFIERS.has(value.toLowerCase()), {
        error: issueMessage("fields.idFormat"),
      }),
    required: z.boolean().default(false),
    helpText: z
      .string()
      .trim()
      .max(FIELD_HELP_MAX, {
        error: issueMessage("fields.atMostCharacters", { count: FIELD_HELP_MAX }),
      })
      .default(""),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: issueMessage("general.required") })
          .max(FIELD_OPTION_MAX),
      )
      .max(FIELD_OPTIONS_MAX)
      .default([]),
    maxSelected: z
      .number({ error: maxSelectedRange })
      .int({ error: maxSelectedRange })
      .min(1, { error: maxSelectedRange })
      .max(FIELD_OPTIONS_MAX, { error: maxSelectedRange })
      .nullable()
      .default(null),
    allowNewOptions: z.boolean().default(false),
    prefill: z.enum(PREFILL_TARGETS).nullable().default(null),
  })
  .superRefine((field, ctx) => {
    if (CHOICE_TYPES.has(field.type)) {
      if (field.options.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: issueMessage("eventTypes.addOption"),
          path: ["options"],
        });
      }
      if (new Set(field.options).size !== field.options.length) {
        ctx.addIssue({
          code: "custom",
          message: issueMessage("routingForms.optionTwice"),
          path: ["options"],
        });
      }
    }
  })
  .transform(
    (field): FormField => ({
      ...field,
      options: CHOICE_TYPES.has(field.type) ? field.options : [],
      maxSelected: field.type === "MULTI_SELECT" ? field.maxSelected : null,
      // The dropdowns (single and multiple choice) may take visitors' own answers.
      allowNewOptions:
        (field.type === "MULTI_SELECT" || field.type === "SINGLE_SELECT") && field.allowNewOptions,
    }),
  );

const conditionSchema = z.object({
  fieldId: itemId,
  operator: z.enum(CONDITION_OPERATORS),
  value: z
    .union([
      z
        .string()
        .trim()
        .max(FIELD_OPTION_MAX * 2),
      z.number().finite(),
      z.boolean(),
      z.array(z.string().trim().max(FIELD_OPTION_MAX)).max(FIELD_OPTIONS_MAX),
    ])
    .nullable()
    .default(null),
});

const httpUrl = z
  .string()
  .trim()
  .max(ROUTE_URL_MAX)
  .refine((value) => URL.canParse(value) && /^https?:/i.test(value), {
    error: issueMessage("fields.invalidUrl"),
  });

const actionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("EVENT_TYPE"),
    eventTypeId: z.uuid({ error: issueMessage("eventTypes.notFound") }),
  }),
  z.object({ type: z.literal("URL"), url: httpUrl, appendAnswers: z.boolean().default(false) }),
  z.object({
    type: z.literal("MESSAGE"),
    message: z
      .string()
      .trim()
      .min(1, { error: issueMessage("general.required") })
      .max(ROUTE_MESSAGE_MAX, {
        error: issueMessage("fields.atMostCharacters", { count: ROUTE_MESSAGE_MAX }),
      }),
  }),
]);

export const formRouteSchema = z.object({
  id: itemId,
  isFallback: z.boolean().default(false),
  join: z.enum(["all", "any"]).default("all"),
  conditions: z.array(conditionSchema).max(FORM_CONDITIONS_MAX).default([]),
  action: actionSchema,
});

const titleField = z
  .string()
  .trim()
  .min(1, { error: issueMessage("general.required") })
  .max(FORM_TITLE_MAX, {
    error: issueMessage("fields.atMostCharacters", { count: FORM_TITLE_MAX }),
  });
const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(FORM_SLUG_PATTERN, { error: issueMessage("fields.linkFormat") });
const descriptionField = z
  .string()
  .trim()
  .max(FORM_DESCRIPTION_MAX, {
    error: issueMessage("fields.atMostCharacters", { count: FORM_DESCRIPTION_MAX }),
  });

type Issue = { path: (string | number)[]; message: string };

/**
 * What is wrong between a form's fields and routes: two fields with one id or identifier, a
 * route's condition over a missing field or with an operator or value that does not suit it,
 * a route without conditions, not exactly one fallback or a fallback that is not last. Pure.
 */
export function formStructureIssues(
  fields: readonly FormField[],
  routes: readonly FormRoute[],
): Issue[] {
  const issues: Issue[] = [];
  const ids = new Set<string>();
  const identifiers = new Set<string>();
  fields.forEach((field, index) => {
    if (ids.has(field.id))
      issues.push({
        path: ["fields", index, "id"],
        message: issueMessage("routingForms.identifierTaken"),
      });
    ids.add(field.id);
    const lower = field.identifier.toLowerCase();
    if (identifiers.has(lower)) {
      issues.push({
        path: ["fields", index, "identifier"],
        message: issueMessage("routingForms.identifierTaken"),
      });
    }
    identifiers.add(lower);
  });
  const routeIds = new Set<string>();
  routes.forEach((route, index) => {
    if (routeIds.has(route.id))
      issues.push({
        path: ["routes", index, "id"],
        message: issueMessage("routingForms.identifierTaken"),
      });
    routeIds.add(route.id);
    if (route.isFallback) return;
    if (route.conditions.length === 0) {
      issues.push({
        path: ["routes", index, "conditions"],
        message: issueMessage("routingForms.addCondition"),
      });
    }
    route.conditions.forEach((condition, at) => {
      const path = ["routes", index, "conditions", at];
      const field = fields.find((candidate) => candidate.id === condition.fieldId);
      if (field === undefined) {
        issues.push({
          path: [...path, "fieldId"],
          message: issueMessage("routingForms.unknownField"),
        });
        return;
      }
      if (!OPERATORS_BY_TYPE[field.type].includes(condition.operator)) {
        issues.push({
          path: [...path, "operator"],
          message: issueMessage("routingForms.operatorNotForField"),
        });
        return;
      }
      if (!conditionValueFits(field, condition.operator, condition.value)) {
        issues.push({ path: [...path, "value"], message: issueMessage("fields.invalidAnswer") });
      }
    });
  });
  const fallbacks = routes.filter((route) => route.isFallback).length;
  if (fallbacks !== 1 || !routes.at(-1)?.isFallback) {
    issues.push({ path: ["routes"], message: issueMessage("routingForms.oneFallback") });
  }
  return issues;
}

function conditionValueFits(field: FormField, operator: string, value: unknown): boolean {
  if (operatorTakesNoValue(operator as never)) return true;
  if (field.type === "CHECKBOX") return typeof value === "boolean";
  if (field.type === "NUMBER") {
    if (
      operator === "greater_than" ||
      operator === "less_than" ||
      operator === "equals" ||
      operator === "not_equals"
    ) {
      return (
        typeof value === "number" ||
        (typeof value === "string" && value !== "" && Number.isFinite(Number(value)))
      );
    }
    return false;
  }
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : null;
  if (list === null || list.length === 0 || list.some((item) => item === "")) return false;
  // A field whose visitors may add answers is routed on those answers too.
  if (CHOICE_TYPES.has(field.type) && !field.allowNewOptions) {
    return list.every((item) => field.options.includes(item));
  }
  return true;
}

const formShape = {
  title: titleField,
  slug: slugField,
  description: descriptionField.default(""),
  teamId: z
    .uuid({ error: issueMessage("teams.notFound") })
    .nullable()
    .default(null),
  fields: z.array(formFieldSchema).max(FORM_FIELDS_MAX).default([]),
  routes: z.array(formRouteSchema).max(FORM_ROUTES_MAX),
};

function addStructureIssues(
  form: { fields?: FormField[]; routes?: FormRoute[] },
  ctx: z.RefinementCtx,
) {
  if (form.fields === undefined || form.routes === undefined) return;
  for (const issue of formStructureIssues(form.fields, form.routes)) {
    ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  }
}

/** A new routing form: title, link, description, owner team (null: the host's own), fields and routes. */
export const routingFormSchema = z.object(formShape).superRefine(addStructureIssues);
export type RoutingFormInput = z.infer<typeof routingFormSchema>;

/** A change to a form: any of its parts; fields and routes are checked together, so both come. */
export const routingFormUpdateSchema = z
  .object({
    title: titleField.optional(),
    slug: slugField.optional(),
    description: descriptionField.optional(),
    fields: z.array(formFieldSchema).max(FORM_FIELDS_MAX).optional(),
    routes: z.array(formRouteSchema).max(FORM_ROUTES_MAX).optional(),
  })
  .superRefine((form, ctx) => {
    if ((form.fields === undefined) !== (form.routes === undefined)) {
      ctx.addIssue({
        code: "custom",
        message: issueMessage("routingForms.fieldsWithRoutes"),
        path: [form.fields === undefined ? "fields" : "routes"],
      });
      return;
    }
    addStructureIssues(form, ctx);
  });
export type RoutingFormUpdate = z.infer<typeof routingFormUpdateSchema>;
