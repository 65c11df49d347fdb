import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  formResponseListSchema,
  formResponsesQuery,
  publicFormParams,
  publicFormResponseSchema,
  routingFormListResponseSchema,
  routingFormParams,
  routingFormResponseSchema,
  routingFormSchema,
  routingFormUpdateSchema,
  submitFormRequestSchema,
  submitFormResponseSchema,
} from "../../../core/api/routingForms";
import { DomainError } from "../../../core/errors";
import { message } from "../../../core/messages";
import { routingFormCreator } from "../../commands/routingFormCreator";
import { routingFormDeleter } from "../../commands/routingFormDeleter";
import { routingFormSubmitter } from "../../commands/routingFormSubmitter";
import { routingFormUpdater } from "../../commands/routingFormUpdater";
import {
  countRoutingFormResponses,
  findPublicRoutingForm,
  findRoutingForm,
  listManagedRoutingForms,
  listRoutingFormResponses,
  type ResponseFilters,
  type RoutingFormRow,
  routeCounts,
} from "../../data/routingForms";
import type { Deps } from "../../deps";
import { requestLanguage } from "../../i18n/requestLanguage";
import { requireUserId } from "../../plugins/auth";
import { assertCanManageRoutingForm } from "../../policies/routingForms";
import { responsesCsv } from "../../routingForms/responsesCsv";
import { takeRateLimit } from "../../verification/rateLimit";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentFormResponse, presentRoutingForm } from "./routingFormPresenter";

const TEN_MINUTES_MS = 10 * 60_000;
/** Most rows one CSV export holds. */
const CSV_MAX_ROWS = 10_000;

function filtersOf(
  query: Omit<z.infer<typeof formResponsesQuery>, "limit" | "offset">,
): ResponseFilters {
  return {
    routeId: query.routeId,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
    booked: query.booked === undefined ? undefined : query.booked === "true",
  };
}

export async function routingFormRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["routing forms"];
  const publicUrl = deps.config.publicUrl;

  async function present(form: RoutingFormRow) {
    const counts = await routeCounts(db, [form.id]);
    return presentRoutingForm(form, publicUrl, counts.get(form.id) ?? {});
  }

  async function managedForm(userId: string, formId: string) {
    return assertCanManageRoutingForm(db, userId, await findRoutingForm(db, formId));
  }

  app.get(
    "/routing-forms",
    {
      schema: {
        tags,
        summary:
          "The routing forms the signed-in host manages: their own and their teams' (as admin)",
        security: hostSecurity,
        response: { 200: routingFormListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const forms = await listManagedRoutingForms(db, requireUserId(request));
      const counts = await routeCounts(
        db,
        forms.map((form) => form.id),
      );
      return {
        forms: forms.map((form) => presentRoutingForm(form, publicUrl, counts.get(form.id) ?? {})),
      };
    },
  );

  app.post(
    "/routing-forms",
    {
      schema: {
        tags,
        summary: "Create a routing form (fields, routes in order, one fallback last)",
        security: hostSecurity,
        body: routingFormSchema,
        response: { 201: routingFormResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const form = await routingFormCreator(db, requireUserId(request), request.body);
      return reply.status(201).send(await present(form));
    },
  );

  app.get(
    "/routing-forms/:id",
    {
      schema: {
        tags,
        summary: "One routing form with its responses per route",
        security: hostSecurity,
        params: routingFormParams,
        response: { 200: routingFormResponseSchema, ...errorResponses },
      },
    },
    async (request) => present(await managedForm(requireUserId(request), request.params.id)),
  );

  app.patch(
    "/routing-forms/:id",
    {
      schema: {
        tags,
        summary: "Change a routing form (fields and routes together)",
        security: hostSecurity,
        params: routingFormParams,
        body: routingFormUpdateSchema,
        response: { 200: routingFormResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(
        await routingFormUpdater(db, requireUserId(request), request.params.id, request.body),
      ),
  );

  app.delete(
    "/routing-forms/:id",
    {
      schema: {
        tags,
        summary: "Delete a routing form and its responses",
        security: hostSecurity,
        params: routingFormParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await routingFormDeleter(db, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/routing-forms/:id/responses",
    {
      schema: {
        tags,
        summary: "A routing form's responses, newest first, by route, time and booking",
        security: hostSecurity,
        params: routingFormParams,
        querystring: formResponsesQuery,
        response: { 200: formResponseListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const form = await managedForm(requireUserId(request), request.params.id);
      const filters = filtersOf(request.query);
      const [rows, total] = await Promise.all([
        listRoutingFormResponses(db, form.id, filters, request.query),
        countRoutingFormResponses(db, form.id, filters),
      ]);
      return { responses: rows.map(presentFormResponse), total };
    },
  );

  app.get(
    "/routing-forms/:id/responses.csv",
    {
      schema: {
        tags,
        summary: "A routing form's responses as CSV (the same filters, up to 10,000 rows)",
        security: hostSecurity,
        params: routingFormParams,
        querystring: formResponsesQuery.omit({ limit: true, offset: true }),
      },
    },
    async (request, reply) => {
      const form = await managedForm(requireUserId(request), request.params.id);
      const rows = await listRoutingFormResponses(db, form.id, filtersOf(request.query), {
        limit: CSV_MAX_ROWS,
        offset: 0,
      });
      const routeNames = new Map(
        form.routes.map((route, index) => [
          route.id,
          route.isFallback ? "fallback" : `${index + 1}`,
        ]),
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${form.slug}-responses.csv"`)
        .send(responsesCsv(form.fields, routeNames, rows.map(presentFormResponse)));
    },
  );

  async function publicForm(id: string) {
    const form = await findPublicRoutingForm(db, id);
    if (form === null) throw new DomainError("NOT_FOUND", message("routingForms.notFound"));
    return form;
  }

  app.get(
    "/form/:id",
    {
      schema: {
        tags,
        summary: "A published routing form's questions (the spec's GET /form/{id}; by link or id)",
        params: publicFormParams,
        response: { 200: publicFormResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const form = await publicForm(request.params.id);
      return {
        id: form.id,
        title: form.title,
        description: form.description,
        fields: form.fields.map(
          ({ prefill: _prefill, identifier: _identifier, ...field }) => field,
        ),
      };
    },
  );

  app.post(
    "/form/:id",
    {
      schema: {
        tags,
        summary:
          "Answer a routing form (the spec's POST /form/{id}): the server picks the route and answers with its action",
        params: publicFormParams,
        body: submitFormRequestSchema,
        response: { 200: submitFormResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = deps.clock();
      const perIp = deps.config.bookingLimits.perIp;
      if (perIp > 0)
        await takeRateLimit(db, `routing-form:ip:${request.ip}`, perIp, TEN_MINUTES_MS, now);
      const form = await publicForm(request.params.id);
      const { answers, timezone, utm } = request.body;
      const cleanUtm = Object.fromEntries(
        Object.entries(utm).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
        ),
      );
      const submitted = await routingFormSubmitter(
        db,
        form,
        {
          answers,
          timeZone: timezone ?? "Europe/Berlin",
          utm: cleanUtm,
          language: requestLanguage(request),
        },
        now,
      );
      return { responseId: submitted.response.id, action: submitted.outcome };
    },
  );
}
