import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { EventKind, Schedule } from "../../core/availability/types";
import type { ApprovalScope } from "../../core/booking/needsApproval";
import type { EventLocation, HostGroup, Question } from "../../core/eventTypes/eventTypeSchema";
import type { FollowUp, Reminder } from "../../core/eventTypes/reminderLimits";
import type { FormAnswers, FormField, FormRoute } from "../../core/routingForms/formTypes";
import {
  WORKFLOW_ACTIONS,
  WORKFLOW_TRIGGERS,
  type WorkflowCanceller,
} from "../../core/workflows/workflowKinds";

/** A PostgreSQL tstzrange, kept as its text form ("[a,b)"); only SQL reads its parts. */
const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

/** Bytes: node-postgres hands a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    timeZone: text("time_zone").notNull().default("Europe/Berlin"),
    timeFormat: integer("time_format").notNull().default(24),
    language: text("language").notNull().default("en"),
    avatarUploadId: uuid("avatar_upload_id"),
    role: text("role", { enum: ["host", "admin"] })
      .notNull()
      .default("host"),
    /** When the user followed a link mailed to their address; null: their pages stay unpublished. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(t.username),
  ],
);

/** Session cookies and API tokens; only a SHA-256 of the secret is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind", { enum: ["session", "api"] }).notNull(),
    /** What an API token is for, as its owner named it; null for sessions. */
    name: text("name"),
    createdAt: createdAt(),
    /** Every token expires: sessions after SESSION_DAYS, API tokens when their owner chose. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When an API token last authenticated a request, written at most once a minute. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("auth_tokens_hash_key").on(t.tokenHash), index().on(t.userId)],
);

/** Password-reset links sent by mail: only a SHA-256 of the token is kept; single use, expiring. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.tokenHash), index().on(t.userId)],
);

/**
 * Links mailed to prove a user reads an address: the sign-up's verification ("verify") or the
 * new address of an email change ("change"). The link carries `id.secret`; only a SHA-256 of
 * the secret is kept. Single use, expiring.
 */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["verify", "change"] }).notNull(),
    /** The address the link was mailed to. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** Failed-attempt counters for login throttling, shared by every server process. */
export const authAttempts = pgTable("auth_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  /** The latest failure: growing delays are counted from it. */
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
});

export const teams = pgTable(
  "teams",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    colorsLocked: boolean("colors_locked").notNull().default(false),
    /** The team page's avatar, set from the page editor (`POST /api/page/{slug}/avatar`). */
    avatarUploadId: uuid("avatar_upload_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("teams_slug_key").on(t.slug)],
);

/**
 * Every `/{name}` claimed by a username or a team slug, lower-cased, with its one owner: users
 * and teams share the namespace, and the primary key lets only one of them have a name, whoever
 * writes. Triggers on users and teams keep it (migration 0023), so no writer can forget it.
 */
export const pageNames = pgTable(
  "page_names",
  {
    name: text("name").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [
    check("page_names_one_owner", sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    uniqueIndex("page_names_user_key").on(t.userId),
    uniqueIndex("page_names_team_key").on(t.teamId),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index().on(t.userId)],
);

/**
 * Invitations to join a team: membership starts only when the invited person accepts. Only a
 * SHA-256 of the mailed token is kept; single use, expiring. `inviteeId` is the account the
 * address belonged to when invited, which may answer from its dashboard even after changing
 * its address.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    inviteeId: uuid("invitee_id").references(() => users.id, { onDelete: "cascade" }),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_invitations_token_hash_key").on(t.tokenHash),
    uniqueIndex("team_invitations_open_key")
      .on(t.teamId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null`),
    index("team_invitations_email_lower_idx").on(sql`lower(${t.email})`),
    index().on(t.inviteeId),
  ],
);

/**
 * The instance owner's invitations to sign up as a host (SIGNUP=invite lets these addresses
 * in): a mailed, single-use, expiring link bound to the address. Only a SHA-256 of the token is
 * kept. `acceptedBy` is the account made from it.
 */
export const hostInvitations = pgTable(
  "host_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("host_invitations_token_hash_key").on(t.tokenHash),
    uniqueIndex("host_invitations_open_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

/** The public face of a user or a team: the spec's Profile plus page settings. */
export const profiles = pgTable(
  "profiles",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    googleAnalytics: text("google_analytics"),
    facebookPixelId: text("facebook_pixel_id"),
    showPrivacyPolicy: boolean("show_privacy_policy").notNull().default(false),
    privacyPolicyUrl: text("privacy_policy_url"),
    showImprint: boolean("show_imprint").notNull().default(false),
    imprintUrl: text("imprint_url"),
    hideBranding: boolean("hide_branding").notNull().default(false),
    welcomeMessage: text("welcome_message"),
    backgroundColor: text("background_color"),
    textColor: text("text_color"),
    primaryColor: text("primary_color"),
    socials: jsonb("socials").$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_user_key").on(t.userId),
    uniqueIndex("profiles_team_key").on(t.teamId),
    check("profiles_one_owner", sql`(${t.userId} is null) <> (${t.teamId} is null)`),
  ],
);

export const schedules = pgTable(
  "schedules",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timeZone: text("time_zone").notNull(),
    weekly: jsonb("weekly").$type<Schedule["weekly"]>().notNull(),
    overrides: jsonb("overrides").$type<Schedule["overrides"]>().notNull().default([]),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId),
    uniqueIndex("schedules_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const eventTypes = pgTable(
  "event_types",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    kind: text("kind").$type<EventKind>().notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    duration: integer("duration").notNull(),
    durations: jsonb("durations").$type<number[]>().notNull(),
    locations: jsonb("locations").$type<EventLocation[]>().notNull().default([]),
    scheduleId: uuid("schedule_id").references(() => schedules.id, { onDelete: "set null" }),
    bufferBefore: integer("buffer_before").notNull().default(0),
    bufferAfter: integer("buffer_after").notNull().default(0),
    minimumNotice: integer("minimum_notice").notNull().default(0),
    maxDaysAhead: integer("max_days_ahead"),
    slotStep: integer("slot_step"),
    dailyLimit: integer("daily_limit"),
    weeklyLimit: integer("weekly_limit"),
    monthlyLimit: integer("monthly_limit"),
    /** Minutes of this type's meetings per host-local day / week at most. */
    dailyDurationLimit: integer("daily_duration_limit"),
    weeklyDurationLimit: integer("weekly_duration_limit"),
    seats: integer("seats"),
    hostGroups: jsonb("host_groups").$type<HostGroup[]>().notNull().default([]),
    questions: jsonb("questions").$type<Question[]>().notNull().default([]),
    priceAmount: integer("price_amount"),
    priceCurrency: text("price_currency"),
    /** Text the invitee accepts with a checkbox before paying. */
    paymentTerms: text("payment_terms"),
    /** What an invitee's cancellation refunds: NONE, FULL, or FULL_BEFORE `refundHours` before. */
    refundPolicy: text("refund_policy").$type<RefundPolicy>().notNull().default("FULL"),
    refundHours: integer("refund_hours"),
    requiresEmailVerification: boolean("requires_email_verification").notNull().default(false),
    redirectUrl: text("redirect_url"),
    redirectSeconds: integer("redirect_seconds"),
    lockTimeZone: boolean("lock_time_zone").notNull().default(false),
    sharedLink: text("shared_link"),
    active: boolean("active").notNull().default(true),
    /** Secret: left off the profile page; its link still books. */
    hidden: boolean("hidden").notNull().default(false),
    /** Whether invitees may cancel / reschedule online, and how long (minutes) before the start. */
    allowCancel: boolean("allow_cancel").notNull().default(true),
    allowReschedule: boolean("allow_reschedule").notNull().default(true),
    cancelNotice: integer("cancel_notice").notNull().default(0),
    rescheduleNotice: integer("reschedule_notice").notNull().default(0),
    /** Bookings wait for the host's approval (PENDING_APPROVAL), holding their time meanwhile. */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    /** Minutes before the start an unanswered request expires (0: at the start). */
    approvalDeadline: integer("approval_deadline").notNull().default(0),
    /**
     * Reminder mails before the start (minutes, elapsed time). Existing event types got the
     * default too when the column came: only bookings confirmed since then get reminders.
     */
    reminders: jsonb("reminders")
      .$type<Reminder[]>()
      .notNull()
      .default([{ minutesBefore: 1440, to: "invitee" }]),
    /** The host's extra text in every reminder. */
    reminderText: text("reminder_text").notNull().default(""),
    /** The follow-up after the end; null: none. */
    followUp: jsonb("follow_up").$type<FollowUp | null>(),
    /** Whose bookings wait for approval: EVERYONE, FREE_MAIL or OUTSIDE_DOMAIN invitees. */
    approvalScope: text("approval_scope").$type<ApprovalScope>().notNull().default("EVERYONE"),
    /** The weekly series invitees may book; null: single meetings only. */
    recurrence: jsonb("recurrence").$type<{ everyWeeks: number; maxOccurrences: number } | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("event_types_user_slug_key")
      .on(t.userId, t.slug)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("event_types_team_slug_key")
      .on(t.teamId, t.slug)
      .where(sql`${t.teamId} is not null`),
    uniqueIndex("event_types_shared_link_key").on(t.sharedLink),
    check("event_types_one_owner", sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    check(
      "event_types_refund_policy",
      sql`${t.refundPolicy} in ('NONE', 'FULL', 'FULL_BEFORE') and (${t.refundPolicy} = 'FULL_BEFORE') = (${t.refundHours} is not null)`,
    ),
  ],
);

/** The hosts of a team event type (every member of every FLEXI group too), with priority. */
export const eventTypeHosts = pgTable(
  "event_type_hosts",
  {
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    priority: integer("priority").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventTypeId, t.userId] }), index().on(t.userId)],
);

export const refundPolicies = ["NONE", "FULL", "FULL_BEFORE"] as const;
export type RefundPolicy = (typeof refundPolicies)[number];

export const eventStatuses = [
  "PENDING_PAYMENT",
  "PENDING_APPROVAL",
  "CONFIRMED",
  "CANCELLED",
] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** A meeting. Its hosts are event_hosts; its time is held in host_busy while active. */
export const events = pgTable(
  "events",
  {
    id: id(),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    status: text("status").$type<EventStatus>().notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    title: text("title").notNull(),
    location: jsonb("location").$type<{ type: string; value?: string } | null>(),
    formerEventId: uuid("former_event_id"),
    rescheduleReason: text("reschedule_reason"),
    cancellationReason: text("cancellation_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    sequence: integer("sequence").notNull().default(0),
    /** The recurring series the event is an occurrence of (shared by its occurrences); null: none. */
    seriesId: uuid("series_id"),
    /**
     * An occurrence moved on its own: the start the series' rule gives it (its iCalendar
     * RECURRENCE-ID), kept across further moves; null: never moved, the rule's start is start_at.
     */
    recurrenceStartAt: timestamp("recurrence_start_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.eventTypeId, t.startAt),
    index().on(t.startAt),
    index().on(t.seriesId).where(sql`${t.seriesId} is not null`),
  ],
);

export const eventHosts = pgTable(
  "event_hosts",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index().on(t.userId)],
);

/**
 * One row per (host, active event): the event plus its buffers. The exclusion constraint
 * on (host_id, during) added by migration 0001 is what makes double booking impossible.
 */
export const hostBusy = pgTable(
  "host_busy",
  {
    id: id(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    during: tstzrange("during").notNull(),
  },
  (t) => [index().on(t.eventId)],
);

/**
 * Per user, counters bumped in the same transaction as every write that changes what their
 * booking pages offer, by triggers of migration 0020 (so no write path can forget it); the
 * timetable caches key their entries on them (docs/ARCHITECTURE.md, "No stale timetable").
 */
export const hostTimeVersions = pgTable("host_time_versions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Busy time: meetings, synced calendar time, failing connections, out of office. */
  version: bigint("version", { mode: "number" }).notNull().default(1),
  /** What a public reference resolves to: schedules, hosting, event types, the user row. */
  settingsVersion: bigint("settings_version", { mode: "number" }).notNull().default(1),
});

/**
 * Per user and busy-time version, the span of time that version's write touched (null: it may
 * have touched any of it), logged by the same triggers that bump the version (migration 0021): a
 * cache holding a host's busy time at an older version re-reads only these spans. At least the
 * last 64 versions per user are kept; a reader that finds a gap reads everything again.
 */
export const hostTimeChanges = pgTable(
  "host_time_changes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: bigint("version", { mode: "number" }).notNull(),
    during: tstzrange("during"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

export const attendees = pgTable(
  "attendees",
  {
    id: id(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["CONFIRMED", "CANCELLED"] })
      .notNull()
      .default("CONFIRMED"),
    name: text("name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    salutation: text("salutation"),
    email: text("email").notNull(),
    phone: text("phone"),
    guests: jsonb("guests").$type<string[]>().notNull().default([]),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    language: text("language").notNull().default("en"),
    timeZone: text("time_zone").notNull(),
    cancelToken: text("cancel_token").notNull(),
    cancellationReason: text("cancellation_reason"),
    /** When a host marked this invitee as not having come; null: not marked. */
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    /** Whether the invitee agreed to texts about this booking (asked when a workflow texts them). */
    smsConsent: boolean("sms_consent").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.eventId),
    index("attendees_email_lower_idx").on(sql`lower(${t.email})`),
    // The insights count no-shows by meeting: few rows, so a partial index keeps it cheap.
    index("attendees_no_show_idx").on(t.eventId).where(sql`${t.noShowAt} is not null`),
  ],
);

export const singleUseLinks = pgTable(
  "single_use_links",
  {
    id: id(),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("single_use_links_token_key").on(t.token), index().on(t.eventTypeId)],
);

/**
 * A host's out-of-office days: `startDate`..`endDate` inclusive, whole days in the host's
 * schedule zone, when none of their booking pages offers a time. `colleagueId` names a fellow
 * team member whose page the booking page offers instead (null: none, or they left).
 */
export const outOfOffice = pgTable(
  "out_of_office",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    colleagueId: uuid("colleague_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.startDate),
    check("out_of_office_end_after_start", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const routingForms = pgTable(
  "routing_forms",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    fields: jsonb("fields").$type<FormField[]>().notNull().default([]),
    routes: jsonb("routes").$type<FormRoute[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("routing_forms_slug_key").on(t.slug),
    index().on(t.userId),
    index().on(t.teamId),
  ],
);

/** One submission of a routing form: its checked answers, the route taken and where it led. */
export const routingFormResponses = pgTable(
  "routing_form_responses",
  {
    id: id(),
    formId: uuid("form_id")
      .notNull()
      .references(() => routingForms.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<FormAnswers>().notNull(),
    /** The id of the route taken (as it was then) and what its action was. */
    routeId: text("route_id").notNull(),
    actionType: text("action_type", { enum: ["EVENT_TYPE", "URL", "MESSAGE"] }).notNull(),
    /** For an EVENT_TYPE route: the event type it opened; a booking of it may link here. */
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "set null" }),
    /** The booking made from the routed page. */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    utm: jsonb("utm").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.formId, t.createdAt)],
);

/** Profile-page blocks of a user or team, in display order. */
export const pages = pgTable(
  "pages",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    blocks: jsonb("blocks").$type<unknown[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pages_user_key").on(t.userId), uniqueIndex("pages_team_key").on(t.teamId)],
);

export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    /** The file's name in DATA_DIR/uploads for uploads stored there before media moved out. */
    path: text("path").notNull(),
    /**
     * Where the bytes are: `postgres` (upload_contents), `s3` (the object store of S3_URL, key
     * the id), or `disk` (DATA_DIR/uploads, until the start-up migration moves them).
     */
    storage: text("storage", { enum: ["postgres", "s3", "disk"] })
      .notNull()
      .default("postgres"),
    /** An image's pixel size from its header when stored; null for videos and older uploads. */
    width: integer("width"),
    height: integer("height"),
    /**
     * The image this one is a smaller copy of (made by the uploader's browser, checked by the
     * server); gone with it. Null for an original.
     */
    variantOf: uuid("variant_of").references((): AnyPgColumn => uploads.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    // One copy per width; the lookup of a page's images by their originals.
    uniqueIndex("uploads_variant_width_idx").on(t.variantOf, t.width),
  ],
);

/** The bytes of uploads kept in PostgreSQL, so every server process can serve them. */
export const uploadContents = pgTable("upload_contents", {
  uploadId: uuid("upload_id")
    .primaryKey()
    .references(() => uploads.id, { onDelete: "cascade" }),
  content: bytea("content").notNull(),
});

/** Email verification codes: hashed, expiring, attempt-limited. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: id(),
    email: text("email").notNull(),
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_codes_email_idx").on(sql`lower(${t.email})`, t.createdAt)],
);

/** Mails and webhooks written in the same transaction as the change they announce. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["mail", "webhook", "refund", "calendar", "workflow"] }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "sent", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * A reminder, follow-up or timed workflow step: the meeting and attendee it is about, so a
     * move, a cancel or a seat leaving drops it (deleting the event or attendee drops it too); null for other rows.
     */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    attendeeId: uuid("attendee_id").references(() => attendees.id, { onDelete: "cascade" }),
    /** A workflow step's row (mail or text or call), written beside its run. */
    purpose: text("purpose", { enum: ["reminder", "followUp", "workflow"] }),
  },
  (t) => [
    index().on(t.status, t.nextAttemptAt),
    index("outbox_event_idx").on(t.eventId).where(sql`${t.eventId} is not null`),
    index("outbox_attendee_idx").on(t.attendeeId).where(sql`${t.attendeeId} is not null`),
    // A mail waiting for its meeting's link asks whether the meeting's calendar write is pending.
    index("outbox_calendar_pending_event_idx")
      .on(sql`(${t.payload}->>'eventId')`)
      .where(sql`${t.kind} = 'calendar' and ${t.status} = 'pending'`),
  ],
);

/** What a booking change is; each kind's processors derive its mails, reminders, webhooks and more. */
export const BOOKING_CHANGE_KINDS = [
  "created",
  "approved",
  "rescheduled",
  "cancelled",
  "declined",
  "expired",
  "reassigned",
  "paid",
  "payment_failed",
  "refunded",
  "no_show",
  "no_show_undone",
] as const;
export type BookingChangeKind = (typeof BOOKING_CHANGE_KINDS)[number];

/**
 * One change of a booking, written by the command that made it in the same transaction as the
 * change itself; the change worker derives its effects (mails, reminders, webhook deliveries,
 * calendar writes, refunds) in one transaction that also sets processed_at. No foreign keys: a
 * change outlives the rows it names (a pending booking deleted), its processors find them gone.
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: BOOKING_CHANGE_KINDS }).notNull(),
    /** The meeting changed (after a move into another event, the one it is now in). */
    eventId: uuid("event_id").notNull(),
    /** The attendee it concerns when not the whole meeting (a seat, one invitee's move). */
    attendeeId: uuid("attendee_id"),
    /** Who did it: a host's user id, "invitee" or "system". */
    actor: text("actor").notNull(),
    /** What it was before: the former start and end, event or hosts. */
    before: jsonb("before").$type<Record<string, unknown>>(),
    /** What the kind needs besides (a reason, the attendees concerned, who refunds). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    index("booking_changes_unprocessed_idx").on(t.id).where(sql`${t.processedAt} is null`),
    // How a cancelled meeting ended and who ended it, for the insights: one probe per meeting.
    index("booking_changes_event_idx").on(t.eventId, t.id),
    // The claim's "no earlier unprocessed change of this meeting" check, one probe per change.
    index("booking_changes_unprocessed_event_idx")
      .on(t.eventId, t.id)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** Stored answers to requests sent with an Idempotency-Key header. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response").$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** The page-analytics pings of the public pages. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    publicId: text("public_id").notNull(),
    action: text("action").notNull(),
    device: text("device"),
    componentId: text("component_id"),
    referrer: text("referrer"),
    socials: text("socials"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.publicId, t.createdAt)],
);

/**
 * A payment's life at Slotted: PENDING while the booking holds its slot for it (until
 * `expiresAt`), PAID, or released unpaid (FAILED, CANCELLED, EXPIRED), then REFUNDED in part or
 * whole. One row per PaymentIntent; it outlives a deleted pending booking so a payment that
 * succeeds after all can still be found and refunded.
 */
export const paymentStatuses = [
  "PENDING",
  "PAID",
  "FAILED",
  "CANCELLED",
  "EXPIRED",
  "REFUNDED",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const payments = pgTable(
  "payments",
  {
    id: id(),
    /** The gateway's id of the payment (a PaymentIntent id). */
    gatewayId: text("gateway_id").notNull().unique(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    attendeeId: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "set null" }),
    /** Minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    /** What was refunded or is queued to be (minor units). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Who paid, kept for the mail of a refund after the booking is gone. */
    payerName: text("payer_name").notNull(),
    payerEmail: text("payer_email").notNull(),
    payerLanguage: text("payer_language").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.status, t.expiresAt),
    index().on(t.eventId),
    index().on(t.attendeeId),
    check(
      "payments_amounts",
      sql`${t.amount} > 0 and ${t.refundedAmount} between 0 and ${t.amount}`,
    ),
  ],
);

/** Gateway notifications already handled, by their id: each is processed once. */
export const paymentNotifications = pgTable("payment_notifications", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});

/**
 * A webhook subscription of a host (user_id) or a team (team_id): exactly one owner. The
 * signing secret is shown once at creation and kept only to sign deliveries.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    active: boolean("active").notNull().default(true),
    /** Why the server paused it ("gone": the receiver answered 410; "failing": 24 h of failures). */
    pausedReason: text("paused_reason"),
    secret: text("secret").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.teamId),
    check("webhooks_one_owner", sql`(${t.userId} is null) <> (${t.teamId} is null)`),
  ],
);

/**
 * One event for one subscription: the exact body sent (signed at each attempt) and the last
 * attempt's outcome, the subscription's delivery log. Its outbox row (kind `webhook`,
 * payload `{ deliveryId }`) schedules and leases the attempts.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    /** Creation order: deliveries of one order key go out by it. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    /** The event's id, the same for every subscription and every resend (receivers dedupe on it). */
    eventId: uuid("event_id").notNull(),
    event: text("event").notNull(),
    /** Deliveries with one key go out in order (a booking's uuid); null: no order. */
    orderKey: text("order_key"),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.webhookId, t.createdAt),
    index("webhook_deliveries_pending_idx")
      .on(t.webhookId, t.orderKey, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** ZOOM is a meeting-link connection, not a calendar: it has no connected calendars. */
export const calendarProviders = ["CALDAV", "ICS", "GOOGLE", "MICROSOFT", "ZOOM"] as const;
export type CalendarProvider = (typeof calendarProviders)[number];
/** Why a connection's last sync failed, said in plain words by the dashboard. */
export const calendarSyncErrors = [
  "AUTH_FAILED",
  "CALENDAR_GONE",
  "UNREACHABLE",
  "TIMEOUT",
  "INVALID_DATA",
  "PRIVATE_ADDRESS",
  "TOO_LARGE",
  "RECONNECT_NEEDED",
] as const;
export type CalendarSyncError = (typeof calendarSyncErrors)[number];
/** What the last good sync left out, said by the dashboard (the busy time read is kept). */
export const calendarSyncWarnings = ["TOO_MANY_EVENTS"] as const;
/** What a host did in their calendar to an event Slotted wrote there. */
export const calendarExternalChanges = ["DELETED", "MOVED"] as const;
export type CalendarExternalChange = (typeof calendarExternalChanges)[number];
export type CalendarSyncWarning = (typeof calendarSyncWarnings)[number];

/**
 * A host's calendar account (CalDAV) or subscription (ICS feed). `secret` holds the encrypted
 * credentials (CalDAV: the app password; ICS: the feed URL, which often is the secret), never
 * returned by the API. `failingSince` is when the current run of failed syncs began (null:
 * healthy); `onFailure` BLOCK treats the whole horizon as busy once it is an hour old.
 * `syncWarning` is set by a sync that worked but kept only part of the busy time (limits).
 */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: calendarProviders }).notNull(),
    name: text("name").notNull(),
    /** CalDAV: the server URL; ICS: the feed's origin, shown to the host. */
    serverUrl: text("server_url").notNull(),
    username: text("username").notNull().default(""),
    secret: text("secret").notNull(),
    onFailure: text("on_failure", { enum: ["KEEP_OFFERING", "BLOCK"] })
      .notNull()
      .default("KEEP_OFFERING"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    lastError: text("last_error", { enum: calendarSyncErrors }),
    syncWarning: text("sync_warning", { enum: calendarSyncWarnings }),
    /** Two-way: a booked meeting's event deleted in this calendar cancels the booking (host cancel). */
    cancelOnDelete: boolean("cancel_on_delete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.nextSyncAt)],
);

/** The calendars of a connection: which count as busy, which one bookings are written into. */
/**
 * A Microsoft calendar's events as its last calendarView/delta read left them: the window read,
 * the deltaLink that reads what changed since, each event (occurrence) by Graph id as [start,
 * end] epoch ms with whether it blocks time, and the ids changed since two-way last looked.
 */
export interface MicrosoftDeltaState {
  link: string;
  from: number;
  to: number;
  events: Record<string, [number, number, boolean]>;
  changed: string[];
}

export const connectedCalendars = pgTable(
  "connected_calendars",
  {
    id: id(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    name: text("name").notNull(),
    /** The calendar's own zone (all-day events are days there); null: the host's. */
    timeZone: text("time_zone"),
    busy: boolean("busy").notNull().default(true),
    writeTarget: boolean("write_target").notNull().default(false),
    readOnly: boolean("read_only").notNull().default(false),
    /**
     * Google: the events.list syncToken of the last incremental read (only what changed since is
     * read next); null: the next read is a full one.
     */
    syncToken: text("sync_token"),
    /**
     * Microsoft: the calendar's events as the last calendarView/delta read left them, with the
     * deltaLink to read only what changed since (microsoft/microsoftDelta.ts); null: read in full.
     */
    deltaState: jsonb("delta_state").$type<MicrosoftDeltaState>(),
  },
  (t) => [uniqueIndex("connected_calendars_url_key").on(t.connectionId, t.url)],
);

/**
 * Busy time read from a host's calendars: one row per event occurrence (UID, start) in the
 * synced horizon. The timetable reads these with the host's own bookings; nothing here blocks
 * through the exclusion constraint, the booking write checks them under the host's lock.
 */
export const calendarBusy = pgTable(
  "calendar_busy",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectedCalendars.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    during: tstzrange("during").notNull(),
  },
  (t) => [
    index("calendar_busy_during_idx").using("gist", t.userId, t.during),
    index().on(t.connectionId),
  ],
);

/**
 * A booking's event as written into a host's calendar: where it lives and its ETag, so a move
 * or delete touches that resource and a changed one (412) is read again first.
 */
export const calendarWrites = pgTable(
  "calendar_writes",
  {
    eventId: uuid("event_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectedCalendars.id, { onDelete: "cascade" }),
    href: text("href").notNull(),
    etag: text("etag"),
    /**
     * Two-way: what the host did to the written event in their calendar, noticed by a sync
     * (DELETED: removed from it; MOVED: moved to another time there); null: as written.
     */
    externalChange: text("external_change", { enum: calendarExternalChanges }),
    externalChangeAt: timestamp("external_change_at", { withTimezone: true }),
    /**
     * This host's written event made the meeting's join link (its Meet conference, its Teams
     * meeting): the link stays while this host stays on the meeting. At most one per meeting;
     * false on rows written before it was recorded (then any host leaving remakes the link).
     */
    carriesLink: boolean("carries_link").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * An OAuth authorisation under way: the `state` sent to the provider (only its SHA-256 kept),
 * bound to the session that started it, and the PKCE code verifier, sealed. The callback takes
 * it once; an unused one lapses at `expiresAt`.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    tokenId: uuid("token_id")
      .notNull()
      .references(() => authTokens.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["GOOGLE", "MICROSOFT", "ZOOM"] }).notNull(),
    verifier: text("verifier").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.tokenId)],
);

/**
 * A Google push channel (events.watch) on one busy calendar: its id, Google's resource id (to
 * stop it), the SHA-256 of the token Google echoes with each notification, and when it lapses.
 */
export const googleChannels = pgTable(
  "google_channels",
  {
    id: uuid("id").primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectedCalendars.id, { onDelete: "cascade" }),
    resourceId: text("resource_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("google_channels_calendar_key").on(t.calendarId), index().on(t.expiresAt)],
);

/**
 * The Zoom meeting made for a booking (ZOOM_CONNECTED), one per meeting whatever its hosts: the
 * connection it was made through, Zoom's meeting id once known and what Zoom was last told.
 * The row is written before the create call (`createSentAt`) so a retry whose first answer was
 * lost looks for that meeting instead of making a second; `leaseUntil` keeps two workers (two
 * hosts' jobs of a collective meeting) from calling at once. `deletedAt`: removed at Zoom.
 */
export const zoomMeetings = pgTable("zoom_meetings", {
  eventId: uuid("event_id").primaryKey(),
  connectionId: uuid("connection_id").references(() => calendarConnections.id, {
    onDelete: "set null",
  }),
  meetingId: text("meeting_id"),
  joinUrl: text("join_url"),
  /** What Zoom holds: start (UTC), minutes and topic, so an unchanged meeting is not patched. */
  syncedStart: timestamp("synced_start", { withTimezone: true }),
  syncedMinutes: integer("synced_minutes"),
  syncedTopic: text("synced_topic"),
  createSentAt: timestamp("create_sent_at", { withTimezone: true }),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A Microsoft Graph change-notification subscription on one calendar's events: Graph's id, and
 * only a SHA-256 of the clientState secret every notification of it carries. A calendar has one,
 * two only while one made without a lifecycleNotificationUrl (`lifecycleNotifications` false: made
 * before Slotted asked for them, which a PATCH cannot add) is being replaced by a new one.
 */
export const microsoftSubscriptions = pgTable(
  "microsoft_subscriptions",
  {
    id: text("id").primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => connectedCalendars.id, { onDelete: "cascade" }),
    clientStateHash: text("client_state_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lifecycleNotifications: boolean("lifecycle_notifications").notNull().default(false),
  },
  (t) => [
    index("microsoft_subscriptions_calendar_idx").on(t.calendarId),
    // One with lifecycle notifications per calendar: two processes syncing a new connection
    // at once both make one at Graph, and the one that loses here deletes its own.
    uniqueIndex("microsoft_subscriptions_calendar_key")
      .on(t.calendarId)
      .where(sql`${t.lifecycleNotifications}`),
    index().on(t.expiresAt),
  ],
);

/** A host's private feed of their Slotted bookings: only a SHA-256 of the token is stored. */
export const bookingFeeds = pgTable("booking_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull(),
  createdAt: createdAt(),
});

/**
 * A host's own phone number for texts to themselves: `phone` once a code sent to it was entered
 * (`verifiedAt`), and the number being verified with the HMAC of its code, which expires and
 * takes a limited number of tries.
 */
export const hostPhones = pgTable("host_phones", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone"),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  pendingPhone: text("pending_phone"),
  codeHash: text("code_hash"),
  codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
  codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
  codeAttempts: integer("code_attempts").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Numbers that replied STOP (or one of the provider's other opt-out words), or that the provider
 * refused as unsubscribed: nothing is texted to them until they reply START.
 */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  /** What told us: the inbound keyword, or the provider's refusal code. */
  source: text("source").notNull(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull(),
});

/**
 * SMS segments sent per calendar month (UTC, "2027-06"): one row per host and one for the whole
 * instance (`scope` "instance"), counted before each send so several processes share a limit.
 */
export const smsUsage = pgTable(
  "sms_usage",
  {
    scope: text("scope").notNull(),
    month: text("month").notNull(),
    segments: integer("segments").notNull().default(0),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.month] })],
);

/** Each text handed to the provider, by its id there, with the status its callbacks report. */
export const smsMessages = pgTable(
  "sms_messages",
  {
    providerId: text("provider_id").primaryKey(),
    hostUserId: uuid("host_user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    segments: integer("segments").notNull(),
    status: text("status", {
      enum: ["queued", "sent", "delivered", "undelivered", "failed"],
    }).notNull(),
    /** The provider's error code and text for a refused, undelivered or failed text. */
    errorCode: integer("error_code"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.hostUserId, t.createdAt)],
);

/**
 * What an event type sends, to whom and when: a trigger (a booking change, or a time before the
 * start or after the end) and its steps. `source` "reminders": the workflow that the event
 * type's reminder and follow-up settings are (kept in step with them by the event type's
 * commands); null: one the host built.
 */
export const workflows = pgTable(
  "workflows",
  {
    id: id(),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    trigger: text("trigger", { enum: WORKFLOW_TRIGGERS }).notNull(),
    /** before_start / after_end: minutes (elapsed time) before the start or after the end. */
    offsetMinutes: integer("offset_minutes").notNull().default(0),
    /** cancelled: whose cancellations fire it. */
    cancelledBy: jsonb("cancelled_by")
      .$type<WorkflowCanceller[]>()
      .notNull()
      .default(["invitee", "host", "declined", "expired"]),
    source: text("source", { enum: ["reminders"] }),
    /**
     * Signs the workflow's webhook calls (`Slotted-Signature`), sealed under ENCRYPTION_KEY with
     * the workflow's id bound in; shown to the host once, when made. Null: made before calls
     * were signed (they go unsigned until the host makes one).
     */
    signingSecret: text("signing_secret"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.eventTypeId)],
);

/**
 * One thing a workflow does. `subject`/`body` null: the built-in message of its trigger (a
 * reminder, a follow-up), with `note` as the host's own text in it.
 */
export const workflowSteps = pgTable(
  "workflow_steps",
  {
    id: id(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    action: text("action", { enum: WORKFLOW_ACTIONS }).notNull(),
    /** email_address: the address; webhook: the URL. */
    target: text("target"),
    subject: text("subject"),
    body: text("body"),
    note: text("note").notNull().default(""),
  },
  (t) => [index().on(t.workflowId, t.position)],
);

/**
 * One execution of one step for one recipient: the workflow's run log. Its outbox row (a mail,
 * or kind `workflow` for a text or a call) carries the attempts; the log reads them from it.
 * `status` is what is known without the row: scheduled (see the row), skipped (never sent:
 * no consent, no number, the meeting changed), or the final outcome once the row is gone.
 */
export const workflowRuns = pgTable(
  "workflow_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    stepId: uuid("step_id")
      .notNull()
      .references(() => workflowSteps.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    attendeeId: uuid("attendee_id").references(() => attendees.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    status: text("status", { enum: ["scheduled", "sent", "failed", "skipped"] }).notNull(),
    error: text("error"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    outboxId: bigint("outbox_id", { mode: "number" }).references(() => outbox.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.workflowId, t.dueAt),
    index("workflow_runs_outbox_idx").on(t.outboxId).where(sql`${t.outboxId} is not null`),
  ],
);

/**
 * The insights' summary of each counted meeting, kept by the booking facts processor from the
 * meeting's rows as they are after each change (and rebuilt whole by rebuildBookingFacts): one
 * row for the meeting (user_id null) and one per host, each with what the insights count, so a
 * year of a large team is read from one narrow table by index, without joining the meetings'
 * changes, attendees and payments. Only counted meetings have rows: not unpaid holds, nor the
 * frozen former times a move leaves behind.
 */
export const bookingFacts = pgTable(
  "booking_facts",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /**
     * A host's row; null: the meeting's own row (a meeting counted once). No foreign key: a
     * deleted host's rows are never read (the calls join users), and a key check per row would
     * double what writing the facts costs.
     */
    userId: uuid("user_id"),
    teamId: uuid("team_id"),
    eventTypeId: uuid("event_type_id").notNull(),
    status: text("status").$type<EventStatus>().notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** Hours from booking to start. */
    leadHours: doublePrecision("lead_hours").notNull(),
    /** How a cancelled meeting ended (cancelled, declined, expired) and who ended it. */
    endKind: text("end_kind"),
    endActor: text("end_actor"),
    rescheduled: boolean("rescheduled").notNull(),
    noShows: integer("no_shows").notNull(),
    /** Paid less refunded, per currency; null: no payment. */
    revenue: jsonb("revenue").$type<Record<string, number>>(),
    /**
     * A host's row: the ISO weekday (1 Monday to 7 Sunday) and hour its start falls on in the
     * host's time zone, worked out when the fact is written (the heatmap groups by them instead
     * of converting each row). The host's zone as it is now: a host who changes zone has their
     * rows worked out again (relocateHostFacts). Null on a meeting's own row.
     */
    localWeekday: smallint("local_weekday"),
    localHour: smallint("local_hour"),
  },
  // The insights' indexes are covering ones (INCLUDE, which drizzle-kit does not write), made
  // by hand in migration 0037_insum: a year of a team is read from the index alone. The meetings'
  // rows by type and start: the rollup below sums an hour of a type afresh from them.
  (t) => [
    index("booking_facts_event_idx").on(t.eventId),
    index("booking_facts_type_meeting_idx")
      .on(t.eventTypeId, t.startAt)
      .where(sql`${t.userId} is null`),
  ],
);

/**
 * The booking facts' meeting rows (user_id null) summed per team, event type and UTC hour of
 * their start (server/insights/bookingHours.ts keeps it with the facts): the whole-team insights
 * read an hour here instead of its meetings, and the facts only for the hours a period cuts.
 */
export const bookingHours = pgTable(
  "booking_hours",
  {
    teamId: uuid("team_id"),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    /** The UTC hour the meetings start in. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    bookings: integer("bookings").notNull(),
    confirmed: integer("confirmed").notNull(),
    /**
     * The earliest and latest end of the confirmed meetings: an hour is all completed by a `now`
     * after the latest, none before the earliest; in between its facts are read.
     */
    confirmedEndMin: timestamp("confirmed_end_min", { withTimezone: true }),
    confirmedEndMax: timestamp("confirmed_end_max", { withTimezone: true }),
    pending: integer("pending").notNull(),
    cancelled: integer("cancelled").notNull(),
    byHost: integer("by_host").notNull(),
    byInvitee: integer("by_invitee").notNull(),
    bySystem: integer("by_system").notNull(),
    rescheduled: integer("rescheduled").notNull(),
    noShows: integer("no_shows").notNull(),
    declined: integer("declined").notNull(),
    expired: integer("expired").notNull(),
    /** Meetings per lead time bucket, in LEAD_TIME_BUCKETS' order. */
    leadCounts: integer("lead_counts").array().notNull(),
    /** Paid less refunded, per currency; null: no payment. */
    revenue: jsonb("revenue").$type<Record<string, number>>(),
  },
  (t) => [
    index("booking_hours_team_idx").on(t.teamId, t.hour),
    index("booking_hours_type_idx").on(t.eventTypeId, t.hour),
  ],
);
