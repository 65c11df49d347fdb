import { queryOptions } from "@tanstack/react-query";
import type {
  FormResponseList,
  RoutingFormListResponse,
  RoutingFormResponse,
} from "../../../../core/api/routingForms";
import { apiClient } from "../../../api/apiClient";
import { dashboardKeys } from "../api/dashboardQueries";

export type RoutingForm = RoutingFormResponse;
export type FormField = RoutingForm["fields"][number];
export type FormRoute = RoutingForm["routes"][number];

export const routingFormKeys = {
  all: () => [...dashboardKeys.all, "routingForms"] as const,
  one: (id: string) => [...routingFormKeys.all(), id] as const,
  responses: (id: string, routeId: string) =>
    [...routingFormKeys.one(id), "responses", routeId] as const,
};

export const routingFormsQuery = () =>
  queryOptions({
    queryKey: routingFormKeys.all(),
    queryFn: ({ signal }) => apiClient.get<RoutingFormListResponse>("/routing-forms", { signal }),
    select: (data) => data.forms,
  });

export const routingFormQuery = (id: string) =>
  queryOptions({
    queryKey: routingFormKeys.one(id),
    queryFn: ({ signal }) => apiClient.get<RoutingForm>(`/routing-forms/${id}`, { signal }),
  });

/** The query of the responses list and its CSV: "" for every route. */
export function responsesSearch(routeId: string): string {
  return routeId ? `?${new URLSearchParams({ routeId })}` : "";
}

export const formResponsesQuery = (id: string, routeId: string) =>
  queryOptions({
    queryKey: routingFormKeys.responses(id, routeId),
    queryFn: ({ signal }) =>
      apiClient.get<FormResponseList>(`/routing-forms/${id}/responses${responsesSearch(routeId)}`, {
        signal,
      }),
  });

let counter = 0;
/** A new id for a field or route the builder adds (kept when labels change). */
export function newItemId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}
