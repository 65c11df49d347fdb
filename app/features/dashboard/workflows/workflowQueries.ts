import { queryOptions } from "@tanstack/react-query";
import type {
  Workflow,
  WorkflowCreate,
  WorkflowCreated,
  WorkflowListResponse,
  WorkflowRunList,
  WorkflowUpdate,
} from "../../../../core/api/workflows";
import { apiClient } from "../../../api/apiClient";

export const workflowKeys = {
  all: ["dashboard", "workflows"] as const,
  list: (eventTypeId: string) => [...workflowKeys.all, "list", eventTypeId] as const,
  one: (id: string) => [...workflowKeys.all, "one", id] as const,
  runs: (id: string) => [...workflowKeys.all, "runs", id] as const,
};

/** An event type's workflows, and whether this server can send texts. */
export const workflowsQuery = (eventTypeId: string) =>
  queryOptions({
    queryKey: workflowKeys.list(eventTypeId),
    queryFn: ({ signal }) =>
      apiClient.get<WorkflowListResponse>(
        `/workflows?eventTypeId=${encodeURIComponent(eventTypeId)}`,
        {
          signal,
        },
      ),
  });

export const workflowQuery = (id: string) =>
  queryOptions({
    queryKey: workflowKeys.one(id),
    queryFn: ({ signal }) => apiClient.get<Workflow>(`/workflows/${id}`, { signal }),
  });

/** A workflow's run log, refreshed every few seconds while it is shown. */
export const workflowRunsQuery = (id: string) =>
  queryOptions({
    queryKey: workflowKeys.runs(id),
    queryFn: ({ signal }) => apiClient.get<WorkflowRunList>(`/workflows/${id}/runs`, { signal }),
    select: (data) => data.runs,
    refetchInterval: 3000,
  });

export const workflowApi = {
  create: (fields: WorkflowCreate) => apiClient.post<WorkflowCreated>("/workflows", fields),
  update: (id: string, patch: WorkflowUpdate) =>
    apiClient.patch<Workflow>(`/workflows/${id}`, patch),
  remove: (id: string) => apiClient.delete<void>(`/workflows/${id}`),
};
