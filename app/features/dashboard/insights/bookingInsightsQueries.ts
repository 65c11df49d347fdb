import { queryOptions } from "@tanstack/react-query";
import type {
  BookingHeatmap,
  BookingSummary,
  BookingsByEventType,
  BookingsByHost,
  BookingsOverTime,
  InsightsBucket,
  LeadTime,
  PageFunnel,
  RoutingInsights,
} from "../../../../core/api/bookingInsights";
import { apiClient } from "../../../api/apiClient";
import { dashboardKeys } from "../api/dashboardQueries";

/** What the booking insights screen asks for: a period and whose bookings. */
export interface InsightsFilter {
  from: string;
  to: string;
  timeZone: string;
  teamId: string | null;
  eventTypeId: string | null;
  hostId: string | null;
}

function search(filter: InsightsFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    from: filter.from,
    to: filter.to,
    timeZone: filter.timeZone,
    ...extra,
  });
  if (filter.teamId) params.set("teamId", filter.teamId);
  if (filter.eventTypeId) params.set("eventTypeId", filter.eventTypeId);
  if (filter.hostId) params.set("hostId", filter.hostId);
  return params.toString();
}

const insightsCall = <T>(
  path: string,
  filter: InsightsFilter,
  extra: Record<string, string> = {},
) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "bookingInsights", path, filter, extra] as const,
    queryFn: ({ signal }) =>
      apiClient.get<T>(`/insights/${path}?${search(filter, extra)}`, { signal }),
  });

export const bookingSummaryQuery = (filter: InsightsFilter) =>
  insightsCall<BookingSummary>("bookings/summary", filter);
export const bookingsOverTimeQuery = (filter: InsightsFilter, bucket: InsightsBucket) =>
  insightsCall<BookingsOverTime>("bookings/over-time", filter, { bucket });
export const bookingsByEventTypeQuery = (filter: InsightsFilter) =>
  insightsCall<BookingsByEventType>("bookings/event-types", filter);
export const bookingsByHostQuery = (filter: InsightsFilter) =>
  insightsCall<BookingsByHost>("bookings/hosts", filter);
export const leadTimeQuery = (filter: InsightsFilter) =>
  insightsCall<LeadTime>("bookings/lead-time", filter);
export const bookingHeatmapQuery = (filter: InsightsFilter) =>
  insightsCall<BookingHeatmap>("bookings/heatmap", filter);
/** Routing forms and the page are the caller's own or, for a team admin, the team's. */
export const routingInsightsQuery = (filter: InsightsFilter) =>
  insightsCall<RoutingInsights>("routing", { ...filter, hostId: null });
export const pageFunnelQuery = (filter: InsightsFilter) =>
  insightsCall<PageFunnel>("page-funnel", { ...filter, hostId: null, eventTypeId: null });
