import { randomUUID } from "node:crypto";
import type { WebhookFormResponse } from "../../core/api/webhooks";
import { normalizePhoneNumber } from "../../core/booking/normalizePhoneNumber";
import { DomainError } from "../../core/errors";
import { eventTypePath } from "../../core/eventTypes/eventTypePath";
import { type Message, message } from "../../core/messages";
import { checkFormAnswers } from "../../core/routingForms/checkFormAnswers";
import { evaluateRoutes } from "../../core/routingForms/evaluateRoutes";
import type { FormRoute } from "../../core/routingForms/formTypes";
import { type RouteOutcome, routeOutcome } from "../../core/routingForms/routeTarget";
import {
  findRoutedEventType,
  type RoutingFormResponseRow,
  type RoutingFormRow,
} from "../data/routingForms";
import type { Db } from "../db/database";
import { routingFormResponses } from "../db/schema";
import { invalidRoutingForm } from "../routingForms/formWrites";
import { enqueueWebhookEvent } from "../webhooks/enqueueWebhookEvent";
import { enqueueFormWorkflows } from "../workflows/enqueueFormWorkflows";

export interface FormSubmission {
  /** Raw answers by field id. */
  answers: Record<string, unknown>;
  /** The visitor's zone: a phone number without + is read in its country. */
  timeZone: string;
  /** The page's utm_* parameters. */
  utm: Record<string, string>;
  /** The visitor's language: a workflow's mail to them is in it (absent: the host's). */
  language?: string;
}

export interface SubmittedForm {
  response: RoutingFormResponseRow;
  outcome: RouteOutcome;
}

/**
 * Takes a visitor's answers to a published form: checks them with the core rules (VALIDATION
 * with a message per `answers.{fieldId}`), decides the route on the server, and stores the
 * response with the answers, the route taken, the time and the UTM parameters. A route whose
 * event type is gone (deleted, deactivated, moved to another owner) gives way to the fallback.
 * Returns where the visitor goes: the event type's page with the answers prefilled and the
 * response's id, the URL, or the message.
 */
export async function routingFormSubmitter(
  db: Db,
  form: RoutingFormRow,
  submission: FormSubmission,
  now: Date,
): Promise<SubmittedForm> {
  const checked = checkFormAnswers(form.fields, submission.answers, (text) =>
    normalizePhoneNumber(text, submission.timeZone),
  );
  if (!checked.ok) {
    const fields: Record<string, Message[]> = {};
    for (const [fieldId, reason] of Object.entries(checked.errors))
      fields[`answers.${fieldId}`] = [reason];
    throw invalidRoutingForm(fields);
  }
  const { answers } = checked;
  const id = randomUUID();

  const outcomeOf = async (route: FormRoute) => {
    if (route.action.type !== "EVENT_TYPE") {
      return {
        outcome: routeOutcome(route.action, form.fields, answers, null, id),
        eventTypeId: null,
      };
    }
    const type = await findRoutedEventType(db, route.action.eventTypeId, form);
    const path = type?.active ? eventTypePath(type, type.ownerSlug) : null;
    return {
      outcome: routeOutcome(route.action, form.fields, answers, path, id),
      eventTypeId: type?.id ?? null,
    };
  };

  const matched = evaluateRoutes(form.routes, form.fields, answers);
  const fallback = form.routes.find((route) => route.isFallback) ?? null;
  let route = matched;
  let result = route === null ? null : await outcomeOf(route);
  if (result?.outcome == null && fallback !== null && fallback !== matched) {
    route = fallback;
    result = await outcomeOf(fallback);
  }
  if (route === null || result === null || result.outcome === null) {
    throw new DomainError("NOT_FOUND", message("eventTypes.notFound"));
  }
  const values = {
    id,
    formId: form.id,
    answers,
    routeId: route.id,
    actionType: route.action.type,
    eventTypeId: result.eventTypeId,
    utm: submission.utm,
    createdAt: now,
  };
  // The response, its routing_form.submitted deliveries and its workflows' sends commit together.
  const response = await db.transaction(async (tx) => {
    const [stored] = await tx.insert(routingFormResponses).values(values).returning();
    const formResponse: WebhookFormResponse = {
      id,
      form: { id: form.id, slug: form.slug, title: form.title, teamId: form.teamId },
      answers: { ...answers },
      route: { id: route.id, actionType: route.action.type, eventTypeId: result.eventTypeId },
      utm: { ...submission.utm },
      submittedAt: now.toISOString(),
    };
    await enqueueWebhookEvent(
      tx,
      {
        type: "routing_form.submitted",
        userIds: form.userId ? [form.userId] : [],
        teamId: form.teamId,
        orderKey: null,
        data: { formResponse },
      },
      now,
    );
    if (result.eventTypeId !== null) {
      await enqueueFormWorkflows(
        tx,
        {
          responseId: id,
          form,
          answers,
          eventTypeId: result.eventTypeId,
          language: submission.language ?? null,
        },
        now,
      );
    }
    return stored!;
  });
  return { response, outcome: result.outcome };
}
