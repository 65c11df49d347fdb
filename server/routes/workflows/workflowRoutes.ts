import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  workflowCreatedSchema,
  workflowCreateSchema,
  workflowListQuery,
  workflowListResponseSchema,
  workflowParams,
  workflowRunListSchema,
  workflowSchema,
  workflowSigningSecretSchema,
  workflowUpdateSchema,
} from "../../../core/api/workflows";
import { workflowCreator } from "../../commands/workflowCreator";
import { workflowDeleter } from "../../commands/workflowDeleter";
import { workflowSecretRotator } from "../../commands/workflowSecretRotator";
import { workflowUpdater } from "../../commands/workflowUpdater";
import { findWorkflows, listWorkflowRuns } from "../../data/workflows";
import type { Deps } from "../../deps";
import { requireUserId } from "../../plugins/auth";
import { loadManagedEventType } from "../../policies/eventTypes";
import { loadManagedWorkflow } from "../../policies/workflows";
import { errorResponses } from "../errorSchemas";
import { hostSecurity } from "../hostSecurity";
import { presentWorkflow, presentWorkflowRun } from "./workflowPresenter";

/** The run log shows this many of a workflow's latest runs. */
const RUNS_SHOWN = 200;

export async function workflowRoutes(base: FastifyInstance, { deps }: { deps: Deps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ["workflows"];

  app.get(
    "/workflows",
    {
      schema: {
        tags,
        summary:
          "The workflows of an event type the signed-in host manages (its owner, or an admin of its team)",
        security: hostSecurity,
        querystring: workflowListQuery,
        response: { 200: workflowListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const type = await loadManagedEventType(db, userId, request.query.eventTypeId);
      const rows = await findWorkflows(db, type.id);
      return { workflows: rows.map(presentWorkflow), smsConfigured: deps.smsConfigured ?? false };
    },
  );

  app.post(
    "/workflows",
    {
      schema: {
        tags,
        summary:
          "Create a workflow on an event type: a trigger and the steps it runs (mails, texts, webhook calls)",
        description:
          "Subjects and bodies may use {invitee_name}, {host_name}, {event_title}, {start_time}, {location}, {join_link}, {manage_link}, {cancel_link}, {reschedule_link} and {form_answers}, filled for each recipient in their zone and language.",
        security: hostSecurity,
        body: workflowCreateSchema,
        response: { 201: workflowCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { workflow, signingSecret } = await workflowCreator(db, userId, request.body, {
        encryptionKey: deps.config.encryptionKey,
        now: deps.clock(),
      });
      return reply.status(201).send({ ...presentWorkflow(workflow), signingSecret });
    },
  );

  app.post(
    "/workflows/:id/signing-secret",
    {
      schema: {
        tags,
        summary:
          "Give a workflow a new secret for signing its webhook calls (the old one stops signing at once); shown only in this answer",
        security: hostSecurity,
        params: workflowParams,
        response: { 200: workflowSigningSecretSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const signingSecret = await workflowSecretRotator(db, userId, request.params.id, {
        encryptionKey: deps.config.encryptionKey,
        now: deps.clock(),
      });
      return { signingSecret };
    },
  );

  app.get(
    "/workflows/:id",
    {
      schema: {
        tags,
        summary: "One workflow with its steps",
        security: hostSecurity,
        params: workflowParams,
        response: { 200: workflowSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return presentWorkflow(await loadManagedWorkflow(db, userId, request.params.id));
    },
  );

  app.patch(
    "/workflows/:id",
    {
      schema: {
        tags,
        summary:
          "Change a workflow (its steps are replaced whole when given); `active: false` pauses it",
        security: hostSecurity,
        params: workflowParams,
        body: workflowUpdateSchema,
        response: { 200: workflowSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return presentWorkflow(
        await workflowUpdater(db, userId, request.params.id, request.body, deps.clock()),
      );
    },
  );

  app.delete(
    "/workflows/:id",
    {
      schema: {
        tags,
        summary: "Delete a workflow, its run log and what it scheduled and has not sent",
        security: hostSecurity,
        params: workflowParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      await workflowDeleter(db, userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/workflows/:id/runs",
    {
      schema: {
        tags,
        summary:
          "A workflow's run log: each step's execution per recipient, latest first, with its status, attempts and error",
        security: hostSecurity,
        params: workflowParams,
        response: { 200: workflowRunListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const workflow = await loadManagedWorkflow(db, userId, request.params.id);
      const rows = await listWorkflowRuns(db, workflow.id, RUNS_SHOWN);
      return { runs: rows.map(presentWorkflowRun) };
    },
  );
}
