import { z } from "zod";
import { issueMessage } from "../issueMessage";

/**
 * The providers connected by OAuth (a connect button each, when set up). ZOOM is no calendar:
 * its connection gives no busy time, it makes the meeting links of ZOOM_CONNECTED locations.
 */
export const OAUTH_PROVIDERS = ["GOOGLE", "MICROSOFT", "ZOOM"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The most calendar connections one host may have. */
export const CALENDAR_CONNECTIONS_MAX = 20;

/** Why a connection's last sync failed; the dashboard says each in plain words. */
export const CALENDAR_SYNC_ERRORS = [
  "AUTH_FAILED",
  "CALENDAR_GONE",
  "UNREACHABLE",
  "TIMEOUT",
  "INVALID_DATA",
  "PRIVATE_ADDRESS",
  "TOO_LARGE",
  "RECONNECT_NEEDED",
] as const;

/** What the last good sync left out (its busy time is used); the dashboard says it. */
export const CALENDAR_SYNC_WARNINGS = ["TOO_MANY_EVENTS"] as const;

/** What happens while a calendar cannot be read for over an hour. */
export const CALENDAR_FAILURE_MODES = ["KEEP_OFFERING", "BLOCK"] as const;

/** `{id}` of /api/calendar-connections/{id}. */
export const calendarConnectionParams = z.object({
  id: z.uuid({ error: issueMessage("calendars.notFound") }),
});

const webUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => URL.canParse(value) && protocols.test(value), {
      error: issueMessage("fields.invalidUrl"),
    });

const name = z.string().trim().min(1).max(100);

/** Connect a CalDAV account (its calendars are discovered) or subscribe to an ICS feed. */
export const calendarConnectionCreateSchema = z.discriminatedUnion("provider", [
  z
    .object({
      provider: z.literal("CALDAV"),
      /** The server or principal URL, e.g. https://cloud.example.com/remote.php/dav. */
      serverUrl: webUrl(/^https?:/i),
      username: z.string().trim().min(1).max(200),
      /** An app password; stored encrypted, never returned. */
      password: z.string().min(1).max(500),
      name: name.optional(),
    })
    .strict(),
  z
    .object({
      provider: z.literal("ICS"),
      /** The feed's address (http, https or webcal); stored encrypted, never returned. */
      url: webUrl(/^(https?|webcals?):/i),
      name: name.optional(),
    })
    .strict(),
]);

export const calendarConnectionUpdateSchema = z
  .object({
    name: name.optional(),
    onFailure: z.enum(CALENDAR_FAILURE_MODES).optional(),
    /** Two-way: a booking whose event is deleted in this connection's calendar is cancelled. */
    cancelOnDelete: z.boolean().optional(),
    /** Which of the connection's calendars count as busy. */
    calendars: z
      .array(z.object({ id: z.uuid(), busy: z.boolean() }).strict())
      .max(200)
      .optional(),
    /** The calendar bookings are written into; null: none. */
    writeCalendarId: z.uuid().nullable().optional(),
  })
  .strict();

export const connectedCalendarSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  timeZone: z.string().nullable(),
  busy: z.boolean(),
  writeTarget: z.boolean(),
  readOnly: z.boolean(),
});

export const calendarConnectionSchema = z.object({
  id: z.uuid(),
  provider: z.enum(["CALDAV", "ICS", "GOOGLE", "MICROSOFT", "ZOOM"]),
  name: z.string(),
  /** CalDAV: the server URL; ICS: the feed's origin only (its path may be its secret). */
  serverUrl: z.string(),
  username: z.string(),
  onFailure: z.enum(CALENDAR_FAILURE_MODES),
  /** Two-way: a booking whose event the host deletes in this calendar is cancelled (host cancel). */
  cancelOnDelete: z.boolean(),
  /** OK: the last sync worked; FAILING: it did not (see lastError); PENDING: not synced yet. */
  status: z.enum(["OK", "FAILING", "PENDING"]),
  lastSyncedAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  lastError: z.enum(CALENDAR_SYNC_ERRORS).nullable(),
  /** TOO_MANY_EVENTS: the calendar has more busy time than is kept; the earliest is used. */
  warning: z.enum(CALENDAR_SYNC_WARNINGS).nullable(),
  /** Busy stretches held from this connection's calendars. */
  busyBlocks: z.number().int(),
  calendars: z.array(connectedCalendarSchema),
  createdAt: z.string(),
});

export const calendarConnectionListSchema = z.object({
  connections: z.array(calendarConnectionSchema),
  /** The OAuth providers this server is set up for (their connect buttons are shown). */
  oauthProviders: z.array(z.enum(OAUTH_PROVIDERS)),
});

/** `POST /api/calendar-connections/google/authorize`: where to send the host for consent. */
export const oauthAuthorizeSchema = z.object({ url: z.string() });

/** Why an OAuth connection failed, said on the Calendars screen (`?oauth=`). */
export const OAUTH_FAILURES = ["DENIED", "EXPIRED", "FAILED"] as const;
export type OAuthFailure = (typeof OAUTH_FAILURES)[number];

export type CalendarConnectionCreate = z.infer<typeof calendarConnectionCreateSchema>;
export type CalendarConnectionUpdate = z.infer<typeof calendarConnectionUpdateSchema>;
export type CalendarConnectionResponse = z.infer<typeof calendarConnectionSchema>;
export type CalendarConnectionList = z.infer<typeof calendarConnectionListSchema>;
export type OAuthAuthorize = z.infer<typeof oauthAuthorizeSchema>;
