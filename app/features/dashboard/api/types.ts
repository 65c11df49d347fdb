import type { Weekday } from "../../../../core/time/localDate";

export type EventKind = "ONE_ON_ONE" | "GROUP" | "COLLECTIVE" | "ROUND_ROBIN" | "FLEXI";

export interface LocationOptions {
  address?: string;
  custom?: string;
  url?: string;
  direction?: "HOST_CALLS_INVITEE" | "INVITEE_CALLS_HOST";
  phone?: string;
}

export interface EventLocation {
  type: string;
  options: LocationOptions;
}

export interface Question {
  id: string;
  type: "SHORT_TEXT" | "LONG_TEXT" | "SINGLE_CHOICE" | "MULTIPLE_CHOICE" | "CHECKBOX" | "PHONE";
  label: string;
  required: boolean;
  options: string[];
}

export interface HostGroup {
  mode: "ALL" | "ANY";
  userIds: string[];
}

/** What a host sets on an event type (the body of POST/PATCH /api/event-types). */
export interface EventTypeFields {
  kind: EventKind;
  title: string;
  slug: string;
  description: string;
  duration: number;
  durations: number[];
  scheduleId: string | null;
  teamId: string | null;
  locations: EventLocation[];
  bufferBefore: number;
  bufferAfter: number;
  minimumNotice: number;
  maxDaysAhead: number | null;
  slotStep: number | null;
  dailyLimit: number | null;
  seats: number | null;
  hosts: { userId: string; priority: number }[];
  hostGroups: HostGroup[];
  questions: Question[];
  price: { amount: number; currency: string } | null;
  requiresEmailVerification: boolean;
  redirectUrl: string | null;
  redirectSeconds: number | null;
  lockTimeZone: boolean;
  active: boolean;
}

/** An event type as the API returns it. */
export interface EventType extends EventTypeFields {
  id: string;
  userId: string | null;
  sharedLink: string | null;
  url: string | null;
}

export interface TimeRange {
  start: string;
  end: string;
}

export interface ScheduleFields {
  name: string;
  timeZone: string;
  weekly: Partial<Record<Weekday, TimeRange[]>>;
  overrides: { date: string; intervals: TimeRange[] }[];
  isDefault?: boolean;
}

export interface Schedule extends ScheduleFields {
  id: string;
  isDefault: boolean;
}

export interface TeamMember {
  userId: string;
  name: string;
  username: string;
  email: string;
  role: "admin" | "member";
}

export interface BrandColors {
  backgroundColor: string | null;
  textColor: string | null;
  primaryColor: string | null;
}

export interface Team {
  id: string;
  name: string;
  slug: string;
  colorsLocked: boolean;
  colors: BrandColors;
  role: "admin" | "member";
  members: TeamMember[];
}

/** An invitation as its team's admins see it; unanswered, possibly expired. */
export interface SentInvitation {
  id: string;
  email: string;
  role: "admin" | "member";
  createdAt: string;
  expiresAt: string;
  expired?: boolean;
}

/** An invitation the signed-in user may answer from the dashboard. */
export interface ReceivedInvitation {
  id: string;
  teamId: string;
  teamName: string;
  role: "admin" | "member";
  inviterName: string | null;
  expiresAt: string;
}

/** What a mailed invitation link invites to. */
export interface InvitationPreview {
  teamName: string;
  inviterName: string | null;
  email: string;
  role: "admin" | "member";
  expiresAt: string;
}

export interface UserSettings {
  id: string;
  email: string;
  /** Until the host follows the mailed link, their pages are not published. */
  emailVerified: boolean;
  name: string;
  username: string;
  timeZone: string;
  timeFormat: number;
  language: string;
  role: string;
  avatarUrl: string | null;
}

export interface ProfileSettings extends BrandColors {
  googleAnalytics: string | null;
  facebookPixelId: string | null;
  showPrivacyPolicy: boolean;
  privacyPolicyUrl: string | null;
  showImprint: boolean;
  imprintUrl: string | null;
  hideBranding: boolean;
  welcomeMessage: string | null;
  socials: Record<string, string>;
}

export interface MeSettings {
  user: UserSettings;
  profile: ProfileSettings;
  colorsLockedBy: { teamId: string; teamName: string } | null;
}

export type BookingStatus = "PENDING_PAYMENT" | "CONFIRMED" | "CANCELLED";

export interface Attendee {
  uuid: string;
  status: "CONFIRMED" | "CANCELLED";
  name: string;
  email: string;
  phone: string | null;
  guests: string[];
  answers: Record<string, unknown>;
  timeZone: string;
  language: string;
  cancellationReason: string | null;
}

export interface Booking {
  uuid: string;
  title: string;
  start: string;
  end: string;
  status: BookingStatus;
  location: { type: string; value?: string } | null;
  cancellationReason: string | null;
  rescheduleReason: string | null;
  eventType: { id: string; title: string; slug: string; kind: string };
  hosts: { id: string; name: string; username: string; email: string }[];
  attendees: Attendee[];
}

export interface SingleUseLink {
  id: string;
  link: string;
  url: string;
  createdAt: string;
  usedAt: string | null;
  eventId: string | null;
}

export interface Upload {
  id: string;
  kind: "image" | "video";
  mimeType: string;
  size: number;
  url: string;
}
