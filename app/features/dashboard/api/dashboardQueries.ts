import { queryOptions } from "@tanstack/react-query";
import type { BookingFeedStatus } from "../../../../core/api/bookingFeed";
import type { BookingListResponse } from "../../../../core/api/bookings";
import type { CalendarConnectionList } from "../../../../core/api/calendarConnections";
import type { EventTypeListResponse } from "../../../../core/api/eventTypes";
import type { InsightsResponse, InsightsWindow } from "../../../../core/api/insights";
import type { OutOfOfficeListResponse } from "../../../../core/api/outOfOffice";
import type { PageEditResponse } from "../../../../core/api/pages";
import type { HostPhoneResponse } from "../../../../core/api/phone";
import type { ScheduleListResponse } from "../../../../core/api/schedules";
import type { SingleUseLinkListResponse } from "../../../../core/api/singleUseLinks";
import type {
  ReceivedInvitationListResponse,
  TeamInvitationListResponse,
  TeamListResponse,
} from "../../../../core/api/teams";
import { apiClient } from "../../../api/apiClient";
import type { BookingStatus, EventType, MeSettings } from "./types";

/** Query keys start with "dashboard" so one invalidation can refresh every screen. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  settings: () => [...dashboardKeys.all, "settings"] as const,
  phone: () => [...dashboardKeys.all, "phone"] as const,
  eventTypes: () => [...dashboardKeys.all, "eventTypes"] as const,
  eventType: (id: string) => [...dashboardKeys.eventTypes(), id] as const,
  singleUseLinks: (id: string) => [...dashboardKeys.eventTypes(), id, "singleUseLinks"] as const,
  schedules: () => [...dashboardKeys.all, "schedules"] as const,
  outOfOffice: () => [...dashboardKeys.all, "outOfOffice"] as const,
  calendarConnections: () => [...dashboardKeys.all, "calendarConnections"] as const,
  bookingFeed: () => [...dashboardKeys.all, "bookingFeed"] as const,
  teams: () => [...dashboardKeys.all, "teams"] as const,
  teamInvitations: (id: string) => [...dashboardKeys.teams(), id, "invitations"] as const,
  myInvitations: () => [...dashboardKeys.teams(), "invitationsToMe"] as const,
  bookings: () => [...dashboardKeys.all, "bookings"] as const,
  page: (slug: string) => [...dashboardKeys.all, "page", slug] as const,
  insights: (teamId: string | null, days: InsightsWindow) =>
    [...dashboardKeys.all, "insights", teamId ?? "me", days] as const,
};

/** A page as its editor reads it: blocks, welcome, avatar and what its blocks may name. */
export const pageEditQuery = (slug: string) =>
  queryOptions({
    queryKey: dashboardKeys.page(slug),
    queryFn: ({ signal }) =>
      apiClient.get<PageEditResponse>(`/page/${encodeURIComponent(slug)}/edit`, { signal }),
  });

/** The page insights of the user's own page (teamId null) or of a team they administer. */
export const insightsQuery = (teamId: string | null, days: InsightsWindow) =>
  queryOptions({
    queryKey: dashboardKeys.insights(teamId, days),
    queryFn: ({ signal }) =>
      apiClient.get<InsightsResponse>(
        teamId === null ? `/insights?days=${days}` : `/teams/${teamId}/insights?days=${days}`,
        { signal },
      ),
  });

/** The user with their Profile settings and the colour lock of their teams. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.settings(),
    queryFn: ({ signal }) => apiClient.get<MeSettings>("/me", { signal }),
  });

/** The host's own number for texts to themselves, and this month's SMS use. */
export const phoneQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.phone(),
    queryFn: ({ signal }) => apiClient.get<HostPhoneResponse>("/me/phone", { signal }),
  });

export const eventTypesQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.eventTypes(),
    queryFn: ({ signal }) => apiClient.get<EventTypeListResponse>("/event-types", { signal }),
    select: (data) => data.eventTypes,
  });

export const eventTypeQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.eventType(id),
    queryFn: ({ signal }) => apiClient.get<EventType>(`/event-types/${id}`, { signal }),
  });

export const singleUseLinksQuery = (eventTypeId: string) =>
  queryOptions({
    queryKey: dashboardKeys.singleUseLinks(eventTypeId),
    queryFn: ({ signal }) =>
      apiClient.get<SingleUseLinkListResponse>(`/event-types/${eventTypeId}/single-use-links`, {
        signal,
      }),
    select: (data) => data.links,
  });

export const schedulesQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.schedules(),
    queryFn: ({ signal }) => apiClient.get<ScheduleListResponse>("/schedules", { signal }),
    select: (data) => data.schedules,
  });

export const outOfOfficeQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.outOfOffice(),
    queryFn: ({ signal }) => apiClient.get<OutOfOfficeListResponse>("/out-of-office", { signal }),
  });

export const calendarConnectionsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.calendarConnections(),
    queryFn: ({ signal }) =>
      apiClient.get<CalendarConnectionList>("/calendar-connections", { signal }),
    select: (data) => data.connections,
  });

/** The OAuth providers (Google) this server offers a connect button for. */
export const oauthProvidersQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.calendarConnections(),
    queryFn: ({ signal }) =>
      apiClient.get<CalendarConnectionList>("/calendar-connections", { signal }),
    select: (data) => data.oauthProviders,
  });

export const bookingFeedQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.bookingFeed(),
    queryFn: ({ signal }) => apiClient.get<BookingFeedStatus>("/me/booking-feed", { signal }),
  });

export const teamsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.teams(),
    queryFn: ({ signal }) => apiClient.get<TeamListResponse>("/teams", { signal }),
    select: (data) => data.teams,
  });

/** A team's unanswered invitations (admins only). */
export const teamInvitationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: dashboardKeys.teamInvitations(teamId),
    queryFn: ({ signal }) =>
      apiClient.get<TeamInvitationListResponse>(`/teams/${teamId}/invitations`, {
        signal,
      }),
    select: (data) => data.invitations,
  });

/** Invitations to teams the signed-in user may accept or decline here. */
export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.myInvitations(),
    queryFn: ({ signal }) =>
      apiClient.get<ReceivedInvitationListResponse>("/me/invitations", { signal }),
    select: (data) => data.invitations,
  });

export interface BookingFilter {
  status?: BookingStatus;
  from?: string;
  to?: string;
}

export const bookingsQuery = (filter: BookingFilter) =>
  queryOptions({
    queryKey: [...dashboardKeys.bookings(), filter] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: "500" });
      for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
      return apiClient.get<BookingListResponse>(`/bookings?${params}`, { signal });
    },
    select: (data) => data.bookings,
  });
