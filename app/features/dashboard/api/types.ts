// The dashboard's names for the wire types of the host API; the types themselves are inferred
// from the schemas in core/api (types only: zod stays out of the client bundle).
import type { HostBookingResponse } from "../../../../core/api/bookings";
import type { InviteeResponse } from "../../../../core/api/events";
import type {
  EventTypeResponse,
  EventTypeResponseFields,
  HostGroupResponse,
  LocationOptionsResponse,
  LocationResponse,
  QuestionResponse,
} from "../../../../core/api/eventTypes";
import type { MeResponse, ProfileSettingsResponse, UserResponse } from "../../../../core/api/me";
import type { ScheduleResponse, TimeRangeResponse } from "../../../../core/api/schedules";
import type { SingleUseLinkResponse } from "../../../../core/api/singleUseLinks";
import type {
  BrandColorsResponse,
  InvitationPreviewResponse,
  ListedInvitationResponse,
  ReceivedInvitationResponse,
  SentInvitationResponse,
  TeamMemberResponse,
  TeamResponse,
} from "../../../../core/api/teams";
import type { UploadResponse } from "../../../../core/api/uploads";

export type { EventKind } from "../../../../core/eventTypes/eventKinds";

export type LocationOptions = LocationOptionsResponse;
export type EventLocation = LocationResponse;
export type Question = QuestionResponse;
export type HostGroup = HostGroupResponse;
/** What a host sets on an event type (the body of POST/PATCH /api/event-types). */
export type EventTypeFields = EventTypeResponseFields;
/** An event type as the API returns it. */
export type EventType = EventTypeResponse;

export type TimeRange = TimeRangeResponse;
export type Schedule = ScheduleResponse;
/** What the schedule editor sends (POST/PATCH /api/schedules). */
export type ScheduleFields = Omit<ScheduleResponse, "id" | "isDefault"> & { isDefault?: boolean };

export type TeamMember = TeamMemberResponse;
export type BrandColors = BrandColorsResponse;
export type Team = TeamResponse;
/** An invitation as its team's admins see it; unanswered, possibly expired. */
export type SentInvitation = SentInvitationResponse &
  Partial<Pick<ListedInvitationResponse, "expired">>;
/** An invitation the signed-in user may answer from the dashboard. */
export type ReceivedInvitation = ReceivedInvitationResponse;
/** What a mailed invitation link invites to. */
export type InvitationPreview = InvitationPreviewResponse;

export type UserSettings = UserResponse;
export type ProfileSettings = ProfileSettingsResponse;
export type MeSettings = MeResponse;

export type BookingStatus = HostBookingResponse["status"];
export type Attendee = InviteeResponse;
export type Booking = HostBookingResponse;
export type SingleUseLink = SingleUseLinkResponse;
export type Upload = UploadResponse;
