import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { localToInstant } from "../../../core/time/localToInstant";
import { consentPage, json, readBody } from "./oauthDouble";

/**
 * A loopback stand-in for Google, for GOOGLE_OAUTH_URL and GOOGLE_API_URL: the OAuth side
 * (consent page, authorisation code with PKCE S256 checked, refresh, `invalid_grant` once a
 * grant is revoked, revoke) and the parts of Calendar v3 Slotted uses: calendarList,
 * freeBusy.query (transparent and cancelled events left out, all-day events as days of the
 * calendar's zone, spans over 90 days refused), events insert / patch / delete with
 * conferenceData (a Meet link), events.list with syncToken (changes since, deleted events as
 * cancelled, 410 once tokens lapse), and events.watch channels. Faults are
 * injected with `failNext`. Its clock is the test's.
 */

export const CLIENT_ID = "double-client.apps.googleusercontent.com";
export const CLIENT_SECRET = "double-secret";
const ACCESS_TTL_S = 3600;
const MAX_FREEBUSY_MS = 90 * 86_400_000;

export interface DoubleCalendar {
  id: string;
  summary: string;
  timeZone: string;
  accessRole: "owner" | "writer" | "reader" | "freeBusyReader";
  primary?: boolean;
}

export interface DoubleEvent {
  id: string;
  calendarId: string;
  status: "confirmed" | "tentative" | "cancelled";
  summary?: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
  transparency?: "opaque" | "transparent";
  attendees?: { email: string; displayName?: string }[];
  description?: string;
  location?: string;
  iCalUID?: string;
  etag: string;
  conferenceData?: {
    conferenceId: string;
    conferenceSolution: { key: { type: string } };
    entryPoints: { entryPointType: string; uri: string }[];
  };
  hangoutLink?: string;
}

interface Grant {
  refreshToken: string;
  revoked: boolean;
  scope: string;
}

interface Channel {
  id: string;
  resourceId: string;
  calendarId: string;
  address: string;
  token: string | undefined;
  expiration: number;
  stopped: boolean;
}

export interface GoogleDouble {
  /** GOOGLE_OAUTH_URL and GOOGLE_API_URL. */
  url: string;
  calendars: DoubleCalendar[];
  events: Map<string, DoubleEvent>;
  channels: Channel[];
  /** Every API request as "METHOD path" (query left out), in order. */
  requests: string[];
  /** The host approves (or denies) the consent page `authorizeUrl` leads to: the callback URL. */
  consent(authorizeUrl: string, allow?: boolean): string;
  /** Revokes the grant made last (its host removed Slotted in their Google account). */
  revokeLatest(): void;
  /** The next `count` API requests (OAuth token endpoint included) answer `status`. */
  failNext(count: number, status: number): void;
  /** The host changes an event in Google Calendar (deletes it: status "cancelled"; moves it). */
  changeEvent(key: string, change: Partial<Pick<DoubleEvent, "status" | "start" | "end">>): void;
  /** Every syncToken given so far lapses: the next incremental list answers 410. */
  expireSyncTokens(): void;
  /** Adds or replaces an event (as the host does in Google Calendar). */
  putEvent(event: Omit<DoubleEvent, "etag" | "status"> & { status?: DoubleEvent["status"] }): void;
  /**
   * The notifications Google would send the calendar's live watch channels on a change: their
   * address and headers (the test delivers them, to a server that may not listen on a port).
   */
  notificationsFor(calendarId: string): { address: string; headers: Record<string, string> }[];
  /** Refresh grants made. */
  refreshes: number;
  /** Grants revoked through the revoke endpoint. */
  revocations: number;
  stop(): Promise<void>;
}

function apiError(response: ServerResponse, status: number, reason: string): void {
  json(response, status, { error: { code: status, message: reason, errors: [{ reason }] } });
}

export async function startGoogleDouble(options: {
  clock: () => Date;
  calendars?: DoubleCalendar[];
}): Promise<GoogleDouble> {
  const { clock } = options;
  const calendars: DoubleCalendar[] = options.calendars ?? [
    {
      id: "host@example.com",
      summary: "host@example.com",
      timeZone: "Europe/Berlin",
      accessRole: "owner",
      primary: true,
    },
  ];
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; scope: string; used: boolean }
  >();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const events = new Map<string, DoubleEvent>();
  const channels: Channel[] = [];
  const requests: string[] = [];
  const failures: number[] = [];
  let etagCounter = 0;
  let messageNumber = 1;
  /** Each event's last change, in etag order: events.list with a syncToken reads past it. */
  const changedAt = new Map<string, number>();
  /** syncTokens below this are refused (410 fullSyncRequired), as Google does now and then. */
  let oldestToken = 0;
  const nextEtag = () => `"${++etagCounter}"`;
  const touched = (key: string) => changedAt.set(key, etagCounter);

  function issueCode(params: URLSearchParams): string {
    const code = randomBytes(16).toString("base64url");
    codes.set(code, {
      clientId: params.get("client_id") ?? "",
      redirectUri: params.get("redirect_uri") ?? "",
      challenge: params.get("code_challenge") ?? "",
      scope: params.get("scope") ?? "",
      used: false,
    });
    return code;
  }

  function callbackUrl(params: URLSearchParams, allow: boolean): string {
    const target = new URL(params.get("redirect_uri") ?? "");
    if (allow) target.searchParams.set("code", issueCode(params));
    else target.searchParams.set("error", "access_denied");
    const state = params.get("state");
    if (state !== null) target.searchParams.set("state", state);
    return target.toString();
  }

  function checkAuthorize(params: URLSearchParams): string | null {
    if (params.get("client_id") !== CLIENT_ID) return "invalid_client";
    if (params.get("response_type") !== "code") return "unsupported_response_type";
    if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
      return "invalid_request: PKCE S256 required";
    }
    if (params.get("access_type") !== "offline") return "invalid_request: offline access";
    if (!params.get("redirect_uri")) return "redirect_uri_mismatch";
    return null;
  }

  function newAccess(grant: Grant) {
    const token = `ya29.${randomBytes(16).toString("base64url")}`;
    accessTokens.set(token, { grant, expiresAt: clock().getTime() + ACCESS_TTL_S * 1000 });
    return token;
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    if (form.get("client_id") !== CLIENT_ID || form.get("client_secret") !== CLIENT_SECRET) {
      return json(response, 401, { error: "invalid_client" });
    }
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (
        code === undefined ||
        code.used ||
        code.redirectUri !== form.get("redirect_uri") ||
        code.challenge !== challenge
      ) {
        return json(response, 400, { error: "invalid_grant" });
      }
      code.used = true;
      const grant: Grant = {
        refreshToken: `1//${randomBytes(16).toString("base64url")}`,
        revoked: false,
        scope: code.scope,
      };
      grants.set(grant.refreshToken, grant);
      return json(response, 200, {
        access_token: newAccess(grant),
        expires_in: ACCESS_TTL_S,
        refresh_token: grant.refreshToken,
        scope: code.scope,
        token_type: "Bearer",
      });
    }
    if (grantType === "refresh_token") {
      const grant = grants.get(form.get("refresh_token") ?? "");
      if (grant === undefined || grant.revoked) {
        return json(response, 400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
      }
      double.refreshes++;
      return json(response, 200, {
        access_token: newAccess(grant),
        expires_in: ACCESS_TTL_S,
        scope: grant.scope,
        token_type: "Bearer",
      });
    }
    return json(response, 400, { error: "unsupported_grant_type" });
  }

  function revokeGrant(grant: Grant) {
    grant.revoked = true;
    for (const [key, access] of accessTokens) if (access.grant === grant) accessTokens.delete(key);
  }

  function instantOf(when: { dateTime?: string; date?: string }, zone: string): number {
    if (when.dateTime) return Date.parse(when.dateTime);
    return localToInstant(zone, when.date!, "00:00");
  }

  function eventJson(event: DoubleEvent) {
    const { calendarId: _c, ...rest } = event;
    return { kind: "calendar#event", ...rest };
  }

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const access = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (access === undefined || access.expiresAt <= clock().getTime() || access.grant.revoked) {
      return apiError(response, 401, "authError");
    }
    const method = request.method ?? "GET";
    const body = method === "GET" || method === "DELETE" ? null : await readBody(request);
    const input = body ? JSON.parse(body) : {};
    if (method === "GET" && path === "/users/me/calendarList") {
      return json(response, 200, {
        kind: "calendar#calendarList",
        items: calendars.map((c) => ({ kind: "calendar#calendarListEntry", ...c })),
      });
    }
    if (method === "POST" && path === "/freeBusy") {
      const timeMin = Date.parse(input.timeMin);
      const timeMax = Date.parse(input.timeMax);
      if (!(timeMin < timeMax)) return apiError(response, 400, "timeRangeEmpty");
      if (timeMax - timeMin > MAX_FREEBUSY_MS) return apiError(response, 400, "timeRangeTooLong");
      const answer: Record<string, unknown> = {};
      for (const { id } of input.items as { id: string }[]) {
        const calendar = calendars.find((c) => c.id === id);
        if (calendar === undefined) {
          answer[id] = { busy: [], errors: [{ domain: "global", reason: "notFound" }] };
          continue;
        }
        const busy = [...events.values()]
          .filter(
            (e) =>
              e.calendarId === id && e.status !== "cancelled" && e.transparency !== "transparent",
          )
          .map((e) => ({
            start: instantOf(e.start, calendar.timeZone),
            end: instantOf(e.end, calendar.timeZone),
          }))
          .filter((e) => e.start < timeMax && e.end > timeMin)
          .sort((a, b) => a.start - b.start)
          .map((e) => ({
            start: new Date(Math.max(e.start, timeMin)).toISOString(),
            end: new Date(Math.min(e.end, timeMax)).toISOString(),
          }));
        answer[id] = { busy };
      }
      return json(response, 200, {
        kind: "calendar#freeBusy",
        timeMin: input.timeMin,
        timeMax: input.timeMax,
        calendars: answer,
      });
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/(?!watch$)([^/]+))?(\/watch)?$/.exec(path);
    if (match === null) return apiError(response, 404, "notFound");
    const calendarId = decodeURIComponent(match[1]!);
    if (!calendars.some((c) => c.id === calendarId)) return apiError(response, 404, "notFound");
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    const key = (id: string) => `${calendarId}/${id}`;
    const withMeet = (event: DoubleEvent, requested: unknown) => {
      const create = (
        requested as { createRequest?: { conferenceSolutionKey?: { type?: string } } }
      )?.createRequest;
      if (query.get("conferenceDataVersion") !== "1" || create === undefined) return;
      if (create.conferenceSolutionKey?.type !== "hangoutsMeet") return;
      if (event.conferenceData !== undefined) return;
      const code = randomBytes(6).toString("hex");
      const uri = `https://meet.google.com/${code.slice(0, 3)}-${code.slice(3, 7)}-${code.slice(7)}`;
      event.conferenceData = {
        conferenceId: code,
        conferenceSolution: { key: { type: "hangoutsMeet" } },
        entryPoints: [{ entryPointType: "video", uri }],
      };
      event.hangoutLink = uri;
    };
    if (eventId === undefined && match[3] === undefined && method === "GET") {
      // events.list: a full listing (cancelled events only with showDeleted) or, with a
      // syncToken, every event changed since it was given, deleted ones as status cancelled.
      const token = query.get("syncToken");
      let since = -1;
      if (token !== null) {
        const seq = /^st(\d+)$/.exec(token)?.[1];
        if (seq === undefined || Number(seq) < oldestToken) {
          return apiError(response, 410, "fullSyncRequired");
        }
        since = Number(seq);
      }
      const showDeleted = token !== null || query.get("showDeleted") === "true";
      const items = [...events.entries()]
        .filter(([k, e]) => e.calendarId === calendarId && (changedAt.get(k) ?? 0) > since)
        .filter(([, e]) => showDeleted || e.status !== "cancelled")
        .map(([, e]) =>
          e.status === "cancelled" && token !== null
            ? { kind: "calendar#event", id: e.id, etag: e.etag, status: "cancelled" }
            : eventJson(e),
        );
      return json(response, 200, {
        kind: "calendar#events",
        items,
        nextSyncToken: `st${etagCounter}`,
      });
    }
    if (match[3] !== undefined && method === "POST") {
      const channel: Channel = {
        id: input.id,
        resourceId: randomUUID(),
        calendarId,
        address: input.address,
        token: input.token,
        expiration: Number(input.expiration ?? clock().getTime() + 7 * 86_400_000),
        stopped: false,
      };
      channels.push(channel);
      return json(response, 200, {
        kind: "api#channel",
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: `${double.url}/calendar/v3/calendars/${match[1]}/events`,
        token: channel.token,
        expiration: String(channel.expiration),
      });
    }
    if (eventId === undefined && method === "POST") {
      const id = input.id ?? randomBytes(10).toString("hex");
      if (events.has(key(id))) return apiError(response, 409, "duplicate");
      const event: DoubleEvent = {
        ...input,
        id,
        calendarId,
        status: input.status ?? "confirmed",
        etag: nextEtag(),
      };
      delete (event as { conferenceData?: unknown }).conferenceData;
      withMeet(event, input.conferenceData);
      events.set(key(id), event);
      touched(key(id));
      return json(response, 200, eventJson(event));
    }
    const existing = eventId === undefined ? undefined : events.get(key(eventId));
    if (eventId !== undefined && method === "PATCH") {
      if (existing === undefined) return apiError(response, 404, "notFound");
      const { conferenceData, id: _id, ...changes } = input;
      Object.assign(existing, changes, { etag: nextEtag() });
      touched(key(eventId));
      withMeet(existing, conferenceData);
      return json(response, 200, eventJson(existing));
    }
    if (eventId !== undefined && method === "DELETE") {
      if (existing === undefined) return apiError(response, 404, "notFound");
      if (existing.status === "cancelled") return apiError(response, 410, "deleted");
      existing.status = "cancelled";
      existing.etag = nextEtag();
      touched(key(eventId));
      response.writeHead(204).end();
      return;
    }
    return apiError(response, 404, "notFound");
  }

  const googleConsentPage = (params: URLSearchParams) =>
    consentPage(params, {
      title: "Sign in with Google (double)",
      heading: "Slotted wants to access your Google Account",
      detail: params.get("scope") ?? "",
      action: "/o/oauth2/v2/auth/decide",
      allow: "Allow",
    });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const handle = async () => {
      if (path === "/o/oauth2/v2/auth" && request.method === "GET") {
        const problem = checkAuthorize(url.searchParams);
        if (problem !== null) {
          response.writeHead(400, { "content-type": "text/plain" }).end(problem);
          return;
        }
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(googleConsentPage(url.searchParams));
        return;
      }
      if (path === "/o/oauth2/v2/auth/decide" && request.method === "POST") {
        const form = new URLSearchParams(await readBody(request));
        const location = callbackUrl(form, form.get("decision") === "allow");
        response.writeHead(302, { location }).end();
        return;
      }
      requests.push(`${request.method} ${path}`);
      const failure = failures.shift();
      if (failure !== undefined) {
        // Google's advice to try again at once keeps the tests from waiting out the backoff.
        response.setHeader("retry-after", "0");
        return apiError(response, failure, failure === 429 ? "rateLimitExceeded" : "backendError");
      }
      if (path === "/token" && request.method === "POST") return token(request, response);
      if (path === "/revoke" && request.method === "POST") {
        const form = new URLSearchParams(await readBody(request));
        const given = form.get("token") ?? "";
        const grant = grants.get(given) ?? accessTokens.get(given)?.grant;
        if (grant === undefined) return json(response, 400, { error: "invalid_token" });
        revokeGrant(grant);
        double.revocations++;
        return json(response, 200, {});
      }
      if (path === "/calendar/v3/channels/stop" && request.method === "POST") {
        const input = JSON.parse(await readBody(request));
        const channel = channels.find(
          (c) => c.id === input.id && c.resourceId === input.resourceId,
        );
        if (channel === undefined) return apiError(response, 404, "notFound");
        channel.stopped = true;
        response.writeHead(204).end();
        return;
      }
      if (path.startsWith("/calendar/v3/")) {
        return api(request, response, path.slice("/calendar/v3".length), url.searchParams);
      }
      apiError(response, 404, "notFound");
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) apiError(response, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const double: GoogleDouble = {
    url: `http://127.0.0.1:${port}`,
    calendars,
    events,
    channels,
    requests,
    refreshes: 0,
    revocations: 0,
    consent(authorizeUrl, allow = true) {
      const params = new URL(authorizeUrl).searchParams;
      const problem = checkAuthorize(params);
      if (problem !== null) throw new Error(problem);
      return callbackUrl(params, allow);
    },
    revokeLatest() {
      const latest = [...grants.values()].at(-1);
      if (latest) revokeGrant(latest);
    },
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    putEvent(event) {
      const key = `${event.calendarId}/${event.id}`;
      events.set(key, {
        status: "confirmed",
        ...event,
        etag: nextEtag(),
      } as DoubleEvent);
      touched(key);
    },
    changeEvent(key, change) {
      const event = events.get(key);
      if (event === undefined) throw new Error(`no event ${key}`);
      Object.assign(event, change, { etag: nextEtag() });
      touched(key);
    },
    expireSyncTokens() {
      oldestToken = etagCounter + 1;
    },
    notificationsFor(calendarId) {
      return channels
        .filter(
          (channel) =>
            channel.calendarId === calendarId &&
            !channel.stopped &&
            channel.expiration > clock().getTime(),
        )
        .map((channel) => ({
          address: channel.address,
          headers: {
            "x-goog-channel-id": channel.id,
            "x-goog-channel-token": channel.token ?? "",
            "x-goog-resource-id": channel.resourceId,
            "x-goog-resource-state": "exists",
            "x-goog-message-number": String(++messageNumber),
          },
        }));
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return double;
}
