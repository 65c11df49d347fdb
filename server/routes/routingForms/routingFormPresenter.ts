import type { FormResponseItem, RoutingFormResponse } from "../../../core/api/routingForms";
import type { RoutingFormResponseRow, RoutingFormRow } from "../../data/routingForms";

export function presentRoutingForm(
  form: RoutingFormRow,
  publicUrl: string,
  counts: Record<string, number>,
): RoutingFormResponse {
  return {
    id: form.id,
    userId: form.userId,
    teamId: form.teamId,
    title: form.title,
    slug: form.slug,
    description: form.description,
    fields: form.fields,
    routes: form.routes,
    url: `${publicUrl}/RF/${encodeURIComponent(form.slug)}`,
    responseCount: Object.values(counts).reduce((sum, n) => sum + n, 0),
    routeCounts: counts,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

export function presentFormResponse(row: {
  response: RoutingFormResponseRow;
  eventStartAt: Date | null;
  eventStatus: string | null;
}): FormResponseItem {
  const { response } = row;
  return {
    id: response.id,
    createdAt: response.createdAt.toISOString(),
    answers: response.answers,
    routeId: response.routeId,
    actionType: response.actionType,
    utm: response.utm,
    booking:
      response.eventId !== null && row.eventStartAt !== null
        ? {
            eventId: response.eventId,
            start: row.eventStartAt.toISOString(),
            status: row.eventStatus ?? "",
          }
        : null,
  };
}
