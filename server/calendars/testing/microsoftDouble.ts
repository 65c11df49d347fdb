import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { localToInstant } from "../../../core/time/localToInstant";
import { consentPage, json, readBody } from "./oauthDouble";

/**
 * A loopback stand-in for Microsoft, for MICROSOFT_LOGIN_URL and MICROSOFT_GRAPH_URL: the
 * identity platform's v2.0 endpoints of a tenant (sign-in page, authorisation code with PKCE
 * S256 checked, refresh with rotated refresh tokens, `invalid_grant` with an AADSTS code once a
 * grant is revoked) and the parts of Graph v1.0 Slotted uses: /me/calendars, calendarView
 * (recurring series expanded into occurrences in their zone, all-day events as midnight dates,
 * paged by odata.maxpagesize with @odata.nextLink, times in the zone the Prefer header asks),
 * calendarView/delta (the window's occurrences, then with the @odata.deltaLink only those
 * changed since, removed ones as `@removed`; 410 syncStateNotFound once links lapse), events
 * create (transactionId deduplicated, Teams meetings for isOnlineMeeting), update and delete,
 * and change-notification subscriptions (create validated by calling the notificationUrl with
 * a validationToken, renew, delete; `notify` posts a change to them). Exchange mails the
 * attendees of an event it stores: `invitationsSent` counts them. Faults are injected with
 * `failNext`. Its clock is the test's; `deliver` carries its requests to Slotted (default:
 * fetch), so a test app that listens on no port can still be called.
 */

export const MS_CLIENT_ID = "00000000-0000-4000-8000-00000000d0b1";
export const MS_CLIENT_SECRET = "double~secret";
export const MS_TENANT = "common";
const ACCESS_TTL_S = 3600;

export interface MsDoubleCalendar {
  id: string;
  name: string;
  canEdit: boolean;
  isDefaultCalendar?: boolean;
  owner: { name: string; address: string };
}

interface DateTimeTimeZone {
  dateTime: string;
  timeZone: string;
}

export interface MsDoubleEvent {
  id: string;
  calendarId: string;
  subject?: string;
  body?: { contentType: string; content: string };
  start: DateTimeTimeZone;
  end: DateTimeTimeZone;
  isAllDay?: boolean;
  isCancelled?: boolean;
  showAs?: "free" | "tentative" | "busy" | "oof" | "workingElsewhere" | "unknown";
  location?: { displayName: string };
  attendees?: { emailAddress: { address: string; name?: string }; type?: string }[];
  /** A daily or weekly series of `numberOfOccurrences`, in `start.timeZone` (an IANA zone here). */
  recurrence?: {
    pattern: { type: "daily" | "weekly"; interval: number };
    range: { type: "numbered"; startDate: string; numberOfOccurrences: number };
  };
  transactionId?: string;
  isOnlineMeeting?: boolean;
  onlineMeetingProvider?: string;
  onlineMeeting?: { joinUrl: string } | null;
  "@odata.etag": string;
}

/** Graph's longest subscription on Outlook events. */
const MAX_SUBSCRIPTION_MS = 4230 * 60_000;

export interface MsSubscription {
  id: string;
  resource: string;
  calendarId: string;
  changeType: string;
  notificationUrl: string;
  /** Where lifecycle notifications go (validated like notificationUrl), if asked for. */
  lifecycleNotificationUrl: string | undefined;
  clientState: string | undefined;
  expirationDateTime: string;
  deleted: boolean;
}

/** How the double reaches Slotted's notificationUrl (a real request, or an injected one). */
export type Deliver = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; contentType: string; text: string }>;

const fetchDeliver: Deliver = async (url, init) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
};

interface Grant {
  refreshTokens: Set<string>;
  revoked: boolean;
  scope: string;
}

export interface MicrosoftDouble {
  /** MICROSOFT_LOGIN_URL and MICROSOFT_GRAPH_URL. */
  url: string;
  calendars: MsDoubleCalendar[];
  events: Map<string, MsDoubleEvent>;
  /** Every request past the sign-in page as "METHOD path" (query left out), in order. */
  requests: string[];
  /** The Prefer header of each calendarView request. */
  prefers: string[];
  /** The host signs in and consents (or declines) on the page `authorizeUrl` leads to. */
  consent(authorizeUrl: string, allow?: boolean): string;
  /** Revokes the grant made last (the host removed the app's permissions, or an admin did). */
  revokeLatest(): void;
  /** The next `count` requests (token endpoint included) answer `status`. */
  failNext(count: number, status: number): void;
  /** The next `count` requests whose "METHOD path" starts with `prefix` answer `status`. */
  failOn(prefix: string, count: number, status: number): void;
  /**
   * The next `count` subscription creates are held until all `count` have come, then answered
   * (as when two processes ask at the same moment).
   */
  holdSubscriptionCreates(count: number): void;
  /** Adds or replaces an event (as the host does in Outlook). */
  putEvent(event: Omit<MsDoubleEvent, "@odata.etag">): void;
  /** Deletes an event (as the host does in Outlook). */
  removeEvent(id: string): void;
  /** Every deltaLink given so far lapses: following one answers 410 syncStateNotFound. */
  expireDeltaLinks(): void;
  /** Each calendarView/delta request: a window read in full, a next page, or changes since. */
  deltaReads: ("full" | "page" | "changes")[];
  /** Subscriptions made (deleted ones marked). */
  subscriptions: MsSubscription[];
  /** The validation requests answered well when subscriptions were made, by notificationUrl. */
  validations: string[];
  /** The notification bodies Graph would post to the calendar's live subscriptions. */
  notificationsFor(
    calendarId: string,
    changeType: "created" | "updated" | "deleted",
    eventId: string,
  ): { url: string; body: unknown }[];
  /**
   * Sends a lifecycle notification about a subscription to its lifecycleNotificationUrl (through
   * `deliver`), as Graph does: `subscriptionRemoved` after dropping it, `reauthorizationRequired`
   * before its access must be confirmed, `missed` after notifications could not be delivered.
   * Resolves with the status Slotted answered (null: no lifecycle URL to send to).
   */
  lifecycle(
    subscriptionId: string,
    event: "reauthorizationRequired" | "subscriptionRemoved" | "missed",
    clientState?: string,
  ): Promise<number | null>;
  /** Posts them (through `deliver`), resolving with the statuses Slotted answered. */
  notify(
    calendarId: string,
    changeType: "created" | "updated" | "deleted",
    eventId: string,
  ): Promise<number[]>;
  refreshes: number;
  /** Invitation mails Exchange would have sent to attendees (Slotted must cause none). */
  invitationsSent: number;
  stop(): Promise<void>;
}

function graphError(response: ServerResponse, status: number, code: string): void {
  json(response, status, { error: { code, message: code, innerError: {} } });
}

function tokenError(response: ServerResponse, error: string, aadsts: number): void {
  json(response, 400, {
    error,
    error_description: `AADSTS${aadsts}: ${error}`,
    error_codes: [aadsts],
    timestamp: "2027-01-01 00:00:00Z",
  });
}

const DAY = 86_400_000;

/** Graph's dateTime text of an instant in UTC (seven fractional digits, no offset). */
function graphUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.0000000`;
}

function instantOf(value: DateTimeTimeZone): number {
  const text = value.dateTime.replace(/(\.\d{3})\d*$/, "$1");
  if (value.timeZone === "UTC") return Date.parse(`${text}Z`);
  return localToInstant(value.timeZone, text.slice(0, 10), text.slice(11, 16));
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export async function startMicrosoftDouble(options: {
  clock: () => Date;
  calendars?: MsDoubleCalendar[];
  deliver?: Deliver;
}): Promise<MicrosoftDouble> {
  const { clock } = options;
  const deliver = options.deliver ?? fetchDeliver;
  const calendars: MsDoubleCalendar[] = options.calendars ?? [
    {
      id: "AAMkCal-default",
      name: "Calendar",
      canEdit: true,
      isDefaultCalendar: true,
      owner: { name: "Host", address: "host@contoso.example" },
    },
  ];
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; scope: string; used: boolean }
  >();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const events = new Map<string, MsDoubleEvent>();
  const requests: string[] = [];
  const prefers: string[] = [];
  const failures: number[] = [];
  const aimed: { prefix: string; status: number }[] = [];
  let heldCreates: { count: number; waiting: (() => void)[] } | null = null;
  let etagCounter = 0;
  const nextEtag = () => `W/"DwAAABYAAA${++etagCounter}"`;
  /** Change tracking for delta: each event's last change, and the events deleted, by version. */
  let version = 0;
  const changedAt = new Map<string, number>();
  const removed = new Map<string, { event: MsDoubleEvent; at: number }>();
  let oldestDelta = 0;
  const touched = (id: string) => {
    removed.delete(id);
    changedAt.set(id, ++version);
  };
  const gone = (event: MsDoubleEvent) => {
    events.delete(event.id);
    changedAt.delete(event.id);
    removed.set(event.id, { event, at: ++version });
  };
  const subscriptions: MsSubscription[] = [];
  const validations: string[] = [];
  const deltaReads: MicrosoftDouble["deltaReads"] = [];
  const loginBase = `/${MS_TENANT}/oauth2/v2.0`;

  function checkAuthorize(params: URLSearchParams): string | null {
    if (params.get("client_id") !== MS_CLIENT_ID) return "AADSTS700016: unknown client";
    if (params.get("response_type") !== "code") return "unsupported_response_type";
    if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
      return "AADSTS9002325: PKCE S256 required";
    }
    const scopes = (params.get("scope") ?? "").split(" ");
    if (!scopes.includes("offline_access")) return "no offline_access: no refresh token";
    if (!params.get("redirect_uri")) return "AADSTS50011: redirect_uri mismatch";
    return null;
  }

  function callbackUrl(params: URLSearchParams, allow: boolean): string {
    const target = new URL(params.get("redirect_uri") ?? "");
    if (allow) {
      const code = `0.A${randomBytes(24).toString("base64url")}`;
      codes.set(code, {
        clientId: params.get("client_id") ?? "",
        redirectUri: params.get("redirect_uri") ?? "",
        challenge: params.get("code_challenge") ?? "",
        scope: params.get("scope") ?? "",
        used: false,
      });
      target.searchParams.set("code", code);
    } else {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set(
        "error_description",
        "AADSTS65004: User declined to consent to access the app.",
      );
    }
    const state = params.get("state");
    if (state !== null) target.searchParams.set("state", state);
    target.searchParams.set("session_state", "00000000-0000-0000-0000-000000000000");
    return target.toString();
  }

  function issue(grant: Grant) {
    const access = `eyJ0eXAiOiJKV1Qi.${randomBytes(24).toString("base64url")}`;
    accessTokens.set(access, { grant, expiresAt: clock().getTime() + ACCESS_TTL_S * 1000 });
    const refresh = `M.C5${randomBytes(24).toString("base64url")}`;
    grant.refreshTokens.add(refresh);
    return {
      token_type: "Bearer",
      scope: grant.scope,
      expires_in: ACCESS_TTL_S,
      ext_expires_in: ACCESS_TTL_S,
      access_token: access,
      refresh_token: refresh,
    };
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    if (form.get("client_id") !== MS_CLIENT_ID || form.get("client_secret") !== MS_CLIENT_SECRET) {
      return json(response, 401, {
        error: "invalid_client",
        error_description: "AADSTS7000215: Invalid client secret provided.",
      });
    }
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      const challenge = createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url");
      if (
        code === undefined ||
        code.used ||
        code.redirectUri !== form.get("redirect_uri") ||
        code.challenge !== challenge
      ) {
        return tokenError(response, "invalid_grant", 70000);
      }
      code.used = true;
      const grant: Grant = { refreshTokens: new Set(), revoked: false, scope: code.scope };
      grants.push(grant);
      return json(response, 200, issue(grant));
    }
    if (form.get("grant_type") === "refresh_token") {
      const given = form.get("refresh_token") ?? "";
      const grant = grants.find((g) => g.refreshTokens.has(given));
      if (grant === undefined || grant.revoked) {
        return tokenError(response, "invalid_grant", grant?.revoked ? 50173 : 70008);
      }
      double.refreshes++;
      return json(response, 200, issue(grant));
    }
    return tokenError(response, "unsupported_grant_type", 70003);
  }

  /** The occurrences of an event (itself, or its series) overlapping [from, to). */
  function occurrences(event: MsDoubleEvent, from: number, to: number) {
    const found: { id: string; start: number; end: number; type: string; date?: string }[] = [];
    const count = event.recurrence?.range.numberOfOccurrences ?? 1;
    const step =
      event.recurrence === undefined
        ? 0
        : (event.recurrence.pattern.type === "weekly" ? 7 : 1) * event.recurrence.pattern.interval;
    for (let i = 0; i < count; i++) {
      const shift = (value: DateTimeTimeZone): DateTimeTimeZone => {
        const date = addDays(value.dateTime.slice(0, 10), i * step);
        return { dateTime: `${date}${value.dateTime.slice(10)}`, timeZone: value.timeZone };
      };
      const start = shift(event.start);
      const end = shift(event.end);
      const s = instantOf(start);
      const e = instantOf(end);
      if (s < to && e > from) {
        found.push({
          id: event.recurrence ? `${event.id}_occ${i}` : event.id,
          start: s,
          end: e,
          type: event.recurrence ? "occurrence" : "singleInstance",
          ...(event.isAllDay ? { date: start.dateTime.slice(0, 10) } : {}),
        });
      }
    }
    return found;
  }

  /** The occurrences of the calendar's events (those `wanted`) in [from, to), as Graph lists them. */
  function viewItems(
    calendarId: string,
    from: number,
    to: number,
    wanted: (event: MsDoubleEvent) => boolean,
  ) {
    return [...events.values()]
      .filter((e) => e.calendarId === calendarId && wanted(e))
      .flatMap((event) =>
        occurrences(event, from, to).map((o) => ({
          id: o.id,
          type: o.type,
          showAs: event.showAs ?? "busy",
          isAllDay: event.isAllDay ?? false,
          isCancelled: event.isCancelled ?? false,
          // Graph gives an all-day event as midnight dates labelled with the asked zone.
          start: {
            dateTime: o.date ? `${o.date}T00:00:00.0000000` : graphUtc(o.start),
            timeZone: "UTC",
          },
          end: {
            dateTime: o.date
              ? `${addDays(o.date, Math.round((o.end - o.start) / DAY))}T00:00:00.0000000`
              : graphUtc(o.end),
            timeZone: "UTC",
          },
          _sort: o.start,
        })),
      )
      .sort((a, b) => a._sort - b._sort)
      .map(({ _sort, ...rest }) => rest);
  }

  interface DeltaToken {
    calendarId: string;
    from: number;
    to: number;
    /** Changes after this version are read; -1: everything (the first read). */
    since: number;
    /** The version the read is as of (the next link's `since`). */
    upTo: number;
    skip: number;
  }
  const encodeToken = (token: DeltaToken) =>
    Buffer.from(JSON.stringify(token)).toString("base64url");
  const decodeToken = (text: string): DeltaToken | null => {
    try {
      return JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    } catch {
      return null;
    }
  };

  /** calendarView/delta: a window's first read, a page of it, or the changes since a link. */
  function deltaPage(
    response: ServerResponse,
    calendarId: string,
    query: URLSearchParams,
    prefer: string,
    pageSize: number,
  ) {
    if (!calendars.some((c) => c.id === calendarId)) {
      return graphError(response, 404, "ErrorItemNotFound");
    }
    prefers.push(prefer);
    const skipToken = query.get("$skiptoken");
    const deltaToken = query.get("$deltatoken");
    let token: DeltaToken | null;
    deltaReads.push(skipToken !== null ? "page" : deltaToken !== null ? "changes" : "full");
    if (skipToken !== null) token = decodeToken(skipToken);
    else if (deltaToken !== null) {
      const link = decodeToken(deltaToken);
      if (link !== null && link.since < oldestDelta) {
        return graphError(response, 410, "syncStateNotFound");
      }
      token = link && { ...link, since: link.since, upTo: version, skip: 0 };
    } else {
      const from = Date.parse(query.get("startDateTime") ?? "");
      const to = Date.parse(query.get("endDateTime") ?? "");
      if (!(from < to)) return graphError(response, 400, "ErrorInvalidParameter");
      token = { calendarId, from, to, since: -1, upTo: version, skip: 0 };
    }
    if (token === null || token.calendarId !== calendarId) {
      return graphError(response, 400, "ErrorInvalidParameter");
    }
    const { since } = token;
    const changed = viewItems(
      calendarId,
      token.from,
      token.to,
      (e) => since < 0 || (changedAt.get(e.id) ?? 0) > since,
    );
    const deletions =
      since < 0
        ? []
        : [...removed.values()]
            .filter((r) => r.at > since && r.event.calendarId === calendarId)
            .flatMap((r) => occurrences(r.event, token.from, token.to))
            .map((o) => ({ id: o.id, "@removed": { reason: "deleted" } }));
    const items = [...changed, ...deletions];
    const value = items.slice(token.skip, token.skip + pageSize);
    const base = `${double.url}/v1.0/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`;
    if (token.skip + pageSize < items.length) {
      const next = encodeToken({ ...token, skip: token.skip + pageSize });
      return json(response, 200, { value, "@odata.nextLink": `${base}?$skiptoken=${next}` });
    }
    const link = encodeToken({ ...token, since: token.upTo, skip: 0 });
    return json(response, 200, { value, "@odata.deltaLink": `${base}?$deltatoken=${link}` });
  }

  /** Whether `url` answers a validationToken as Graph wants: the token, as text, with 200. */
  async function validates(url: string): Promise<boolean> {
    const validationToken = `Validation: ${randomBytes(12).toString("base64url")}`;
    const separator = url.includes("?") ? "&" : "?";
    const answer = await deliver(
      `${url}${separator}validationToken=${encodeURIComponent(validationToken)}`,
      { method: "POST", headers: { "content-type": "text/plain; charset=utf-8" }, body: "" },
    ).catch(() => null);
    return (
      answer !== null &&
      answer.status === 200 &&
      answer.contentType.startsWith("text/plain") &&
      answer.text === validationToken
    );
  }

  /** POST /subscriptions (validated at its notificationUrl first), PATCH (renew), DELETE. */
  async function subscriptionCall(
    response: ServerResponse,
    method: string,
    id: string | undefined,
    input: Record<string, string | undefined>,
  ) {
    const expiry = Date.parse(input.expirationDateTime ?? "");
    const tooLong = () =>
      !(expiry > clock().getTime()) || expiry > clock().getTime() + MAX_SUBSCRIPTION_MS;
    if (method === "POST" && id === undefined) {
      if (heldCreates !== null) {
        const held = heldCreates;
        await new Promise<void>((resolve) => {
          held.waiting.push(resolve);
          if (held.waiting.length === held.count) {
            heldCreates = null;
            for (const release of held.waiting) release();
          }
        });
      }
      const resource = /^\/me\/calendars\/([^/]+)\/events$/.exec(input.resource ?? "");
      const calendarId = resource && decodeURIComponent(resource[1]!);
      if (calendarId === null || !calendars.some((c) => c.id === calendarId)) {
        return graphError(response, 400, "InvalidRequest");
      }
      if (tooLong() || !input.notificationUrl || (input.clientState?.length ?? 0) > 128) {
        return graphError(response, 400, "InvalidRequest");
      }
      // Graph validates both endpoints before it makes the subscription.
      const endpoints = [input.notificationUrl, input.lifecycleNotificationUrl].filter(
        (url): url is string => url !== undefined,
      );
      for (const url of endpoints) {
        if (!(await validates(url))) return graphError(response, 400, "ValidationError");
      }
      validations.push(...endpoints);
      const made: MsSubscription = {
        id: randomUUID(),
        resource: input.resource!,
        calendarId,
        changeType: input.changeType ?? "",
        notificationUrl: input.notificationUrl,
        lifecycleNotificationUrl: input.lifecycleNotificationUrl,
        clientState: input.clientState,
        expirationDateTime: new Date(expiry).toISOString(),
        deleted: false,
      };
      subscriptions.push(made);
      const { calendarId: _c, deleted: _d, ...shown } = made;
      return json(response, 201, shown);
    }
    const found = subscriptions.find(
      (s) => s.id === id && !s.deleted && Date.parse(s.expirationDateTime) > clock().getTime(),
    );
    if (found === undefined) return graphError(response, 404, "ResourceNotFound");
    if (method === "PATCH") {
      // Graph renews (expirationDateTime) or moves (notificationUrl) a subscription, nothing
      // more: one made without a lifecycleNotificationUrl never gets one.
      const other = Object.keys(input).some(
        (key) => key !== "expirationDateTime" && key !== "notificationUrl",
      );
      if (tooLong() || other) return graphError(response, 400, "InvalidRequest");
      found.expirationDateTime = new Date(expiry).toISOString();
      const { calendarId: _c, deleted: _d, ...shown } = found;
      return json(response, 200, shown);
    }
    if (method === "DELETE") {
      found.deleted = true;
      response.writeHead(204).end();
      return;
    }
    return graphError(response, 405, "MethodNotAllowed");
  }

  function notificationsFor(
    calendarId: string,
    changeType: "created" | "updated" | "deleted",
    eventId: string,
  ) {
    return subscriptions
      .filter(
        (s) =>
          s.calendarId === calendarId &&
          !s.deleted &&
          Date.parse(s.expirationDateTime) > clock().getTime() &&
          s.changeType.split(",").includes(changeType),
      )
      .map((s) => ({
        url: s.notificationUrl,
        body: {
          value: [
            {
              subscriptionId: s.id,
              subscriptionExpirationDateTime: s.expirationDateTime,
              changeType,
              resource: `Users/me/Events/${eventId}`,
              resourceData: {
                "@odata.type": "#Microsoft.Graph.Event",
                "@odata.id": `Users/me/Events/${eventId}`,
                id: eventId,
              },
              clientState: s.clientState,
              tenantId: "00000000-0000-0000-0000-000000000000",
            },
          ],
        },
      }));
  }

  function eventJson(event: MsDoubleEvent) {
    const { calendarId: _c, recurrence: _r, ...rest } = event;
    return {
      "@odata.context": `${double.url}/v1.0/$metadata#users('me')/events/$entity`,
      ...rest,
      isAllDay: event.isAllDay ?? false,
      isCancelled: event.isCancelled ?? false,
      showAs: event.showAs ?? "busy",
      onlineMeeting: event.onlineMeeting ?? null,
    };
  }

  function withTeams(event: MsDoubleEvent) {
    if (!event.isOnlineMeeting || event.onlineMeeting) return;
    if (event.onlineMeetingProvider !== "teamsForBusiness") return;
    const thread = randomBytes(12).toString("hex");
    event.onlineMeeting = {
      joinUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${thread}%40thread.v2/0`,
    };
  }

  async function graph(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const access = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (access === undefined || access.expiresAt <= clock().getTime() || access.grant.revoked) {
      return graphError(response, 401, "InvalidAuthenticationToken");
    }
    if (!access.grant.scope.split(" ").includes("Calendars.ReadWrite")) {
      return graphError(response, 403, "ErrorAccessDenied");
    }
    const method = request.method ?? "GET";
    const text = method === "GET" || method === "DELETE" ? "" : await readBody(request);
    const input = text ? JSON.parse(text) : {};
    const prefer = String(request.headers.prefer ?? "");
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? 10);
    const skip = Number(query.get("$skiptoken") ?? 0);
    const page = <T>(items: T[]) => {
      const value = items.slice(skip, skip + pageSize);
      if (skip + pageSize >= items.length) return { value };
      const next = new URL(`${double.url}/v1.0${path}`);
      for (const [k, v] of query) if (k !== "$skiptoken") next.searchParams.set(k, v);
      next.searchParams.set("$skiptoken", String(skip + pageSize));
      return { value, "@odata.nextLink": next.toString() };
    };

    if (method === "GET" && path === "/me/calendars") {
      return json(response, 200, {
        "@odata.context": `${double.url}/v1.0/$metadata#users('me')/calendars`,
        ...page(calendars.map((c) => ({ ...c, isDefaultCalendar: c.isDefaultCalendar ?? false }))),
      });
    }
    const view = /^\/me\/calendars\/([^/]+)\/calendarView$/.exec(path);
    if (method === "GET" && view !== null) {
      const calendarId = decodeURIComponent(view[1]!);
      if (!calendars.some((c) => c.id === calendarId)) {
        return graphError(response, 404, "ErrorItemNotFound");
      }
      prefers.push(prefer);
      const from = Date.parse(query.get("startDateTime") ?? "");
      const to = Date.parse(query.get("endDateTime") ?? "");
      if (!(from < to)) return graphError(response, 400, "ErrorInvalidParameter");
      if (!/outlook\.timezone="UTC"/.test(prefer) && /outlook\.timezone/.test(prefer)) {
        return graphError(response, 501, "the double answers in UTC only");
      }
      return json(response, 200, page(viewItems(calendarId, from, to, () => true)));
    }
    const delta = /^\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(path);
    if (method === "GET" && delta !== null) {
      return deltaPage(response, decodeURIComponent(delta[1]!), query, prefer, pageSize);
    }
    const subscription = /^\/subscriptions(?:\/([^/]+))?$/.exec(path);
    if (subscription !== null) {
      return subscriptionCall(response, method, subscription[1], input);
    }
    const create = /^\/me\/calendars\/([^/]+)\/events$/.exec(path);
    if (method === "POST" && create !== null) {
      const calendar = calendars.find((c) => c.id === decodeURIComponent(create[1]!));
      if (calendar === undefined) return graphError(response, 404, "ErrorItemNotFound");
      if (!calendar.canEdit) return graphError(response, 403, "ErrorAccessDenied");
      if (input.transactionId) {
        const same = [...events.values()].find((e) => e.transactionId === input.transactionId);
        if (same !== undefined) return json(response, 201, eventJson(same));
      }
      const event: MsDoubleEvent = {
        ...input,
        id: `AAMkEv${randomBytes(12).toString("base64url")}`,
        calendarId: calendar.id,
        "@odata.etag": nextEtag(),
      };
      withTeams(event);
      double.invitationsSent += event.attendees?.length ?? 0;
      events.set(event.id, event);
      touched(event.id);
      return json(response, 201, eventJson(event));
    }
    const one = /^\/me\/events\/([^/]+)$/.exec(path);
    if (one !== null) {
      const existing = events.get(decodeURIComponent(one[1]!));
      if (existing === undefined) return graphError(response, 404, "ErrorItemNotFound");
      if (method === "PATCH") {
        const { id: _id, transactionId: _t, ...changes } = input;
        Object.assign(existing, changes, { "@odata.etag": nextEtag() });
        withTeams(existing);
        double.invitationsSent += existing.attendees?.length ?? 0;
        touched(existing.id);
        return json(response, 200, eventJson(existing));
      }
      if (method === "DELETE") {
        gone(existing);
        response.writeHead(204).end();
        return;
      }
      if (method === "GET") return json(response, 200, eventJson(existing));
    }
    return graphError(response, 404, "ResourceNotFound");
  }

  const microsoftConsentPage = (params: URLSearchParams) =>
    consentPage(params, {
      title: "Sign in to your account (double)",
      heading: "Permissions requested",
      detail: params.get("scope") ?? "",
      action: `${loginBase}/authorize/decide`,
      allow: "Accept",
    });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const handle = async () => {
      if (path === `${loginBase}/authorize` && request.method === "GET") {
        const problem = checkAuthorize(url.searchParams);
        if (problem !== null) {
          response.writeHead(400, { "content-type": "text/plain" }).end(problem);
          return;
        }
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(microsoftConsentPage(url.searchParams));
        return;
      }
      if (path === `${loginBase}/authorize/decide` && request.method === "POST") {
        const form = new URLSearchParams(await readBody(request));
        response
          .writeHead(302, { location: callbackUrl(form, form.get("decision") === "allow") })
          .end();
        return;
      }
      requests.push(`${request.method} ${path}`);
      const hit = aimed.findIndex((f) => `${request.method} ${path}`.startsWith(f.prefix));
      const failure = hit >= 0 ? aimed.splice(hit, 1)[0]!.status : failures.shift();
      if (failure !== undefined) {
        // Graph's Retry-After, here 0, keeps the tests from waiting out the backoff.
        response.setHeader("retry-after", "0");
        return graphError(
          response,
          failure,
          failure === 429 ? "TooManyRequests" : "ServiceNotAvailable",
        );
      }
      if (path === `${loginBase}/token` && request.method === "POST") {
        return token(request, response);
      }
      if (path.startsWith("/v1.0/")) {
        return graph(request, response, path.slice("/v1.0".length), url.searchParams);
      }
      graphError(response, 404, "ResourceNotFound");
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) graphError(response, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const double: MicrosoftDouble = {
    url: `http://127.0.0.1:${port}`,
    calendars,
    events,
    requests,
    prefers,
    refreshes: 0,
    invitationsSent: 0,
    consent(authorizeUrl, allow = true) {
      const params = new URL(authorizeUrl).searchParams;
      const problem = checkAuthorize(params);
      if (problem !== null) throw new Error(problem);
      return callbackUrl(params, allow);
    },
    revokeLatest() {
      const latest = grants.at(-1);
      if (latest) latest.revoked = true;
    },
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    failOn(prefix, count, status) {
      for (let i = 0; i < count; i++) aimed.push({ prefix, status });
    },
    holdSubscriptionCreates(count) {
      heldCreates = { count, waiting: [] };
    },
    putEvent(event) {
      events.set(event.id, { ...event, "@odata.etag": nextEtag() });
      touched(event.id);
    },
    removeEvent(id) {
      const event = events.get(id);
      if (event === undefined) throw new Error(`no event ${id}`);
      gone(event);
    },
    expireDeltaLinks() {
      // Links given from now on read from a version past every earlier one.
      version += 1;
      oldestDelta = version;
    },
    subscriptions,
    validations,
    deltaReads,
    notificationsFor,
    async lifecycle(subscriptionId, event, clientState) {
      const subscription = subscriptions.find((s) => s.id === subscriptionId);
      if (subscription?.lifecycleNotificationUrl === undefined) return null;
      // Graph tells of a removal once the subscription is gone.
      if (event === "subscriptionRemoved") subscription.deleted = true;
      const answer = await deliver(subscription.lifecycleNotificationUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          value: [
            {
              subscriptionId,
              subscriptionExpirationDateTime: subscription.expirationDateTime,
              tenantId: "00000000-0000-0000-0000-000000000000",
              clientState: clientState ?? subscription.clientState,
              lifecycleEvent: event,
              resource: subscription.resource,
            },
          ],
        }),
      });
      return answer.status;
    },
    async notify(calendarId, changeType, eventId) {
      const statuses: number[] = [];
      for (const { url, body } of notificationsFor(calendarId, changeType, eventId)) {
        const answer = await deliver(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        statuses.push(answer.status);
      }
      return statuses;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return double;
}
