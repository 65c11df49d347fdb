import type { BookingFeedResponse } from "../../../../core/api/bookingFeed";
import type {
  CalendarConnectionCreate,
  CalendarConnectionResponse,
  CalendarConnectionUpdate,
  OAuthAuthorize,
  OAuthProvider,
} from "../../../../core/api/calendarConnections";
import type { EmailConfirmedResponse, NoticeResponse } from "../../../../core/api/me";
import type {
  OutOfOfficeCreate,
  OutOfOfficeResponse,
  OutOfOfficeUpdate,
} from "../../../../core/api/outOfOffice";
import type {
  AvatarResponse,
  PageSavedResponse,
  SocialsResponse,
  WelcomeResponse,
} from "../../../../core/api/pages";
import type { HostPhoneResponse } from "../../../../core/api/phone";
import type { InvitationAnswerResponse, InvitationSentResponse } from "../../../../core/api/teams";
import { ApiError, apiClient, type FieldErrors, languageHeaders } from "../../../api/apiClient";
import { readCookie } from "../../../lib/readCookie";
import type {
  Attendee,
  EventType,
  EventTypeFields,
  InvitationPreview,
  MeSettings,
  ProfileSettings,
  Schedule,
  ScheduleFields,
  SingleUseLink,
  Team,
  Upload,
  UserSettings,
} from "./types";

export interface MeUpdate
  extends Partial<
    Pick<UserSettings, "name" | "username" | "timeZone" | "timeFormat" | "language">
  > {
  avatarUploadId?: string | null;
  profile?: Partial<ProfileSettings>;
}

/** Sends a file as multipart/form-data; apiClient speaks JSON only. */
function postFile<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  return postForm<T>(path, body);
}

/** Sends a multipart/form-data body, failing as apiClient does (ApiError with field errors). */
async function postForm<T>(path: string, body: FormData): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...languageHeaders() };
  const csrf = readCookie("slotted_csrf");
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: "POST",
      body,
      headers,
      credentials: "same-origin",
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  const payload = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: FieldErrors;
  };
  if (!response.ok) {
    const fields = payload.errors ?? {};
    const joined = Object.values(fields).flat().join(", ");
    throw new ApiError(
      response.status,
      joined || payload.message || String(response.status),
      fields,
    );
  }
  return payload as T;
}

const pagePath = (slug: string) => `/page/${encodeURIComponent(slug)}`;

/** The dashboard's writes; reads are the query factories in dashboardQueries.ts. */
export const dashboardApi = {
  /** Saves every block of a page in one request (`components` and new files). */
  savePage: (slug: string, body: FormData) => postForm<PageSavedResponse>(pagePath(slug), body),
  setPageWelcome: (slug: string, welcomeMessage: string | null) =>
    apiClient.post<WelcomeResponse>(`${pagePath(slug)}/welcome`, {
      welcomeMessage,
    }),
  /** Every network's link; an empty one removes it. */
  setPageSocials: (slug: string, form: Record<string, string>) =>
    apiClient.post<SocialsResponse>(`${pagePath(slug)}/socials`, { form }),
  setPageAvatar: (slug: string, file: File) => {
    const body = new FormData();
    body.append("avatar", file);
    return postForm<AvatarResponse>(`${pagePath(slug)}/avatar`, body);
  },

  createEventType: (fields: EventTypeFields) => apiClient.post<EventType>("/event-types", fields),
  updateEventType: (id: string, patch: Partial<EventTypeFields>) =>
    apiClient.patch<EventType>(`/event-types/${id}`, patch),
  deleteEventType: (id: string) => apiClient.delete<void>(`/event-types/${id}`),

  createSingleUseLink: (eventTypeId: string) =>
    apiClient.post<SingleUseLink>(`/event-types/${eventTypeId}/single-use-links`),
  revokeSingleUseLink: (eventTypeId: string, linkId: string) =>
    apiClient.delete<void>(`/event-types/${eventTypeId}/single-use-links/${linkId}`),

  createSchedule: (fields: ScheduleFields) => apiClient.post<Schedule>("/schedules", fields),
  updateSchedule: (id: string, patch: Partial<ScheduleFields>) =>
    apiClient.patch<Schedule>(`/schedules/${id}`, patch),
  deleteSchedule: (id: string) => apiClient.delete<void>(`/schedules/${id}`),
  createOutOfOffice: (fields: OutOfOfficeCreate) =>
    apiClient.post<OutOfOfficeResponse>("/out-of-office", fields),
  updateOutOfOffice: (id: string, patch: OutOfOfficeUpdate) =>
    apiClient.patch<OutOfOfficeResponse>(`/out-of-office/${id}`, patch),
  deleteOutOfOffice: (id: string) => apiClient.delete<void>(`/out-of-office/${id}`),
  createCalendarConnection: (fields: CalendarConnectionCreate) =>
    apiClient.post<CalendarConnectionResponse>("/calendar-connections", fields),
  updateCalendarConnection: (id: string, patch: CalendarConnectionUpdate) =>
    apiClient.patch<CalendarConnectionResponse>(`/calendar-connections/${id}`, patch),
  /** An OAuth provider's consent page to send the host to (the server keeps the state and verifier). */
  startOAuthConnection: (provider: OAuthProvider) =>
    apiClient.post<OAuthAuthorize>(`/calendar-connections/${provider.toLowerCase()}/authorize`, {}),
  syncCalendarConnection: (id: string) =>
    apiClient.post<CalendarConnectionResponse>(`/calendar-connections/${id}/sync`, {}),
  deleteCalendarConnection: (id: string) => apiClient.delete<void>(`/calendar-connections/${id}`),
  createBookingFeed: () => apiClient.post<BookingFeedResponse>("/me/booking-feed", {}),
  deleteBookingFeed: () => apiClient.delete<void>("/me/booking-feed"),

  cancelBooking: (eventUuid: string, reason: string, following = false) =>
    apiClient.put<unknown>(`/event/uuid/${eventUuid}/cancel`, {
      cancellation_reason: reason,
      ...(following ? { following } : {}),
    }),
  refundBooking: (eventUuid: string) =>
    apiClient.post<unknown>(`/bookings/${eventUuid}/refund`, {}),
  approveBooking: (eventUuid: string) =>
    apiClient.post<unknown>(`/bookings/${eventUuid}/approve`, {}),
  declineBooking: (eventUuid: string, reason: string) =>
    apiClient.post<unknown>(`/bookings/${eventUuid}/decline`, { reason }),
  moveRoundRobin: (eventUuid: string, hostId: string) =>
    apiClient.post<unknown>(`/reschedule/round-robin/${eventUuid}`, { hostId }),
  /** Marks an invitee of a meeting that has started as not having come, or takes it back. */
  markNoShow: (eventUuid: string, attendeeUuid: string, noShow: boolean) =>
    apiClient.post<Attendee>(`/bookings/${eventUuid}/attendees/${attendeeUuid}/no-show`, {
      noShow,
    }),

  createTeam: (input: { name: string; slug: string }) => apiClient.post<Team>("/teams", input),
  updateTeam: (
    id: string,
    patch: { name?: string; colorsLocked?: boolean; colors?: Partial<Team["colors"]> },
  ) => apiClient.patch<Team>(`/teams/${id}`, patch),
  inviteTeamMember: (id: string, input: { email: string; role: "admin" | "member" }) =>
    apiClient.post<InvitationSentResponse>(`/teams/${id}/members`, input),
  revokeInvitation: (id: string, invitationId: string) =>
    apiClient.delete<void>(`/teams/${id}/invitations/${invitationId}`),
  leaveTeam: (id: string) => apiClient.delete<void>(`/teams/${id}/members/me`),
  answerInvitation: (invitationId: string, answer: "accept" | "decline") =>
    apiClient.post<InvitationAnswerResponse>(`/invitations/${invitationId}/${answer}`),
  previewInvitation: (token: string) =>
    apiClient.post<InvitationPreview>("/invitations/by-token", { token }),
  answerInvitationByToken: (token: string, answer: "accept" | "decline") =>
    apiClient.post<InvitationAnswerResponse>(`/invitations/by-token/${answer}`, { token }),
  changeMemberRole: (id: string, userId: string, role: "admin" | "member") =>
    apiClient.patch<Team>(`/teams/${id}/members/${userId}`, { role }),
  removeTeamMember: (id: string, userId: string) =>
    apiClient.delete<void>(`/teams/${id}/members/${userId}`),

  updateMe: (update: MeUpdate) => apiClient.patch<MeSettings>("/me", update),
  uploadImage: (file: File) => postFile<Upload>("/uploads?kind=image", file),
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    apiClient.post<void>("/me/password", input),
  requestPasswordReset: (email: string) =>
    apiClient.post<NoticeResponse>("/auth/password-reset", { email }),
  resetPassword: (token: string, password: string) =>
    apiClient.post<void>("/auth/password-reset/confirm", { token, password }),
  requestEmailChange: (input: { email: string; currentPassword: string }) =>
    apiClient.post<NoticeResponse>("/me/email", input),
  confirmEmailChange: (token: string) =>
    apiClient.post<EmailConfirmedResponse>("/me/email/confirm", { token }),
  requestPhoneCode: (phone: string) => apiClient.put<HostPhoneResponse>("/me/phone", { phone }),
  verifyPhone: (code: string) => apiClient.post<HostPhoneResponse>("/me/phone/verify", { code }),
  removePhone: () => apiClient.delete<void>("/me/phone"),
  verifyEmail: (token: string) => apiClient.post<void>("/auth/verify-email", { token }),
  resendVerification: () => apiClient.post<NoticeResponse>("/auth/verify-email/resend"),
};
