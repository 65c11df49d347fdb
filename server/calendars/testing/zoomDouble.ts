import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  consentPage,
  directConsent,
  json,
  listenLoopback,
  pkceMatches,
  readBody,
  serveConsent,
} from "./oauthDouble";

/**
 * A loopback stand-in for Zoom, for ZOOM_OAUTH_URL and ZOOM_API_URL: the OAuth endpoints
 * (consent page, authorisation code with PKCE S256 checked, the app's credentials as HTTP
 * Basic, refresh tokens rotated so a used one fails, `invalid_grant` once revoked, /oauth/revoke)
 * and the meeting calls Slotted makes (POST /users/me/meetings, GET of the list, PATCH and
 * DELETE /meetings/{id}). Access tokens are JWT-shaped and name the Zoom user (`uid`), as
 * Zoom's do. Each meeting belongs to the Zoom user whose grant made it (`host_id`): another
 * user's grant neither lists it nor reaches it (3001, as Zoom answers for a meeting outside the
 * account), so a test sees which host's Zoom holds a meeting; `signInAs` picks who consents. Faults: `failNext` answers the next requests with a status; `loseNextCreate`
 * makes the next meeting but answers 504, as a gateway that timed out would. Its clock is the
 * test's.
 */

export const ZOOM_CLIENT_ID = "zoomDoubleClient";
export const ZOOM_CLIENT_SECRET = "zoom-double-secret";
export const ZOOM_USER_ID = "KdYKjnimT4KPd8FFgQt9FQ";
const ACCESS_TTL_S = 3599;
const SCOPES =
  "meeting:write:meeting meeting:update:meeting meeting:delete:meeting meeting:read:list_meetings";

export interface ZoomDoubleMeeting {
  id: number;
  uuid: string;
  topic: string;
  type: number;
  start_time: string;
  duration: number;
  timezone: string;
  agenda: string;
  join_url: string;
  /** The Zoom user whose account holds it. */
  host_id: string;
  settings: Record<string, unknown>;
}

interface Grant {
  /** The Zoom user who consented. */
  uid: string;
  refreshToken: string;
  revoked: boolean;
}

export interface ZoomDouble {
  /** ZOOM_OAUTH_URL and ZOOM_API_URL. */
  url: string;
  meetings: Map<number, ZoomDoubleMeeting>;
  /** Every request past the consent page as "METHOD path" (query left out), in order. */
  requests: string[];
  /** The API requests as "uid METHOD path": which Zoom user's grant made each. */
  userRequests: string[];
  /** The Zoom user the next consents are given as (default ZOOM_USER_ID). */
  signInAs(uid: string): void;
  /** The host allows (or denies) the consent page `authorizeUrl` leads to: the callback URL. */
  consent(authorizeUrl: string, allow?: boolean): string;
  /** Revokes the grant made last (the host removed the app in Zoom's App Marketplace). */
  revokeLatest(): void;
  /** The next `count` requests (token endpoint included) answer `status`. */
  failNext(count: number, status: number): void;
  /** The next meeting create is made, but its answer is lost (504). */
  loseNextCreate(): void;
  /** The host deletes a meeting in Zoom themselves: calls about it answer 404 (3001) since. */
  deleteAsHost(meetingId: number): void;
  refreshes: number;
  revocations: number;
  stop(): Promise<void>;
}

function zoomError(response: ServerResponse, status: number, code: number, message: string) {
  json(response, status, { code, message });
}

/** A JWT-shaped token naming the user, as Zoom's access tokens are (the double signs nothing). */
function accessToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return [
    part({ alg: "HS512", v: "2.0", kid: "double" }),
    part({ aud: "https://oauth.zoom.us", uid, jti: randomBytes(8).toString("hex") }),
    randomBytes(24).toString("base64url"),
  ].join(".");
}

export async function startZoomDouble(options: { clock: () => Date }): Promise<ZoomDouble> {
  const { clock } = options;
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string; used: boolean; uid: string }
  >();
  let signedIn = ZOOM_USER_ID;
  const userRequests: string[] = [];
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const meetings = new Map<number, ZoomDoubleMeeting>();
  const requests: string[] = [];
  const failures: number[] = [];
  let loseCreate = false;

  function checkAuthorize(params: URLSearchParams): string | null {
    if (params.get("client_id") !== ZOOM_CLIENT_ID) return "Invalid client_id";
    if (params.get("response_type") !== "code") return "Unsupported response type";
    if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
      return "PKCE S256 expected";
    }
    if (!params.get("redirect_uri")) return "Invalid redirect";
    return null;
  }

  function callbackUrl(params: URLSearchParams, allow: boolean): string {
    const target = new URL(params.get("redirect_uri") ?? "");
    if (allow) {
      const code = randomBytes(16).toString("base64url");
      codes.set(code, {
        redirectUri: params.get("redirect_uri") ?? "",
        challenge: params.get("code_challenge") ?? "",
        used: false,
        uid: signedIn,
      });
      target.searchParams.set("code", code);
    } else {
      target.searchParams.set("error", "access_denied");
    }
    const state = params.get("state");
    if (state !== null) target.searchParams.set("state", state);
    return target.toString();
  }

  function issue(grant: Grant) {
    const access = accessToken(grant.uid);
    accessTokens.set(access, { grant, expiresAt: clock().getTime() + ACCESS_TTL_S * 1000 });
    // Zoom rotates the refresh token: the one used stops working.
    grant.refreshToken = randomBytes(24).toString("base64url");
    return {
      access_token: access,
      token_type: "bearer",
      refresh_token: grant.refreshToken,
      expires_in: ACCESS_TTL_S,
      scope: SCOPES,
    };
  }

  function appAuthorized(request: IncomingMessage): boolean {
    const expected = Buffer.from(`${ZOOM_CLIENT_ID}:${ZOOM_CLIENT_SECRET}`).toString("base64");
    return request.headers.authorization === `Basic ${expected}`;
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    if (!appAuthorized(request)) {
      return json(response, 401, {
        reason: "Invalid client_id or client_secret",
        error: "invalid_client",
      });
    }
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      if (
        code === undefined ||
        code.used ||
        code.redirectUri !== form.get("redirect_uri") ||
        !pkceMatches(code.challenge, form.get("code_verifier") ?? "")
      ) {
        return json(response, 400, {
          reason: "Invalid authorization code",
          error: "invalid_grant",
        });
      }
      code.used = true;
      const grant: Grant = { uid: code.uid, refreshToken: "", revoked: false };
      grants.push(grant);
      return json(response, 200, issue(grant));
    }
    if (form.get("grant_type") === "refresh_token") {
      const grant = grants.find((g) => g.refreshToken === form.get("refresh_token"));
      if (grant === undefined || grant.revoked) {
        return json(response, 400, { reason: "Invalid Token!", error: "invalid_grant" });
      }
      double.refreshes++;
      return json(response, 200, issue(grant));
    }
    return json(response, 400, {
      reason: "Unsupported grant type",
      error: "unsupported_grant_type",
    });
  }

  async function revoke(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const given = new URLSearchParams(await readBody(request)).get("token") ?? "";
    if (!appAuthorized(request)) return json(response, 401, { error: "invalid_client" });
    const grant = accessTokens.get(given)?.grant ?? grants.find((g) => g.refreshToken === given);
    if (grant === undefined) return json(response, 400, { error: "invalid_token" });
    grant.revoked = true;
    double.revocations++;
    return json(response, 200, { status: "success" });
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
      return zoomError(response, 401, 124, "Invalid access token.");
    }
    const method = request.method ?? "GET";
    const uid = access.grant.uid;
    userRequests.push(`${uid} ${method} ${path}`);
    const text = method === "GET" || method === "DELETE" ? "" : await readBody(request);
    const input = text ? JSON.parse(text) : {};
    if (path === "/users/me/meetings" && method === "POST") {
      if (input.type !== 2 || !/Z$/.test(input.start_time ?? "") || !(input.duration > 0)) {
        return zoomError(response, 300, 300, "Invalid meeting");
      }
      const id = randomInt(80_000_000_000, 99_999_999_999);
      const meeting: ZoomDoubleMeeting = {
        id,
        uuid: randomBytes(16).toString("base64"),
        topic: input.topic,
        type: 2,
        start_time: input.start_time,
        duration: input.duration,
        timezone: input.timezone ?? "UTC",
        agenda: input.agenda ?? "",
        join_url: `https://zoom.us/j/${id}?pwd=${randomBytes(12).toString("base64url")}`,
        settings: input.settings ?? {},
        host_id: uid,
      };
      meetings.set(id, meeting);
      if (loseCreate) {
        loseCreate = false;
        return zoomError(response, 504, 504, "Gateway Timeout");
      }
      return json(response, 201, meeting);
    }
    if (path === "/users/me/meetings" && method === "GET") {
      const size = Math.min(Number(query.get("page_size") ?? 30), 300);
      const start = Number(query.get("next_page_token") || 0);
      const all = [...meetings.values()].filter((meeting) => meeting.host_id === uid);
      const page = all.slice(start, start + size);
      return json(response, 200, {
        page_size: size,
        total_records: all.length,
        next_page_token: start + size < all.length ? String(start + size) : "",
        meetings: page.map(({ settings: _s, ...rest }) => rest),
      });
    }
    const one = /^\/meetings\/(\d+)$/.exec(path);
    if (one !== null) {
      const meeting = meetings.get(Number(one[1]));
      if (meeting === undefined || meeting.host_id !== uid)
        return zoomError(response, 404, 3001, "Meeting does not exist.");
      if (method === "PATCH") {
        const { id: _id, join_url: _j, ...changes } = input;
        Object.assign(meeting, changes);
        response.writeHead(204).end();
        return;
      }
      if (method === "DELETE") {
        meetings.delete(meeting.id);
        response.writeHead(204).end();
        return;
      }
      if (method === "GET") return json(response, 200, meeting);
    }
    return zoomError(response, 404, 404, "Not found");
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const handle = async () => {
      const consent = await serveConsent(request, response, url, {
        authorize: "/oauth/authorize",
        check: checkAuthorize,
        page: (params) =>
          consentPage(params, {
            title: "Zoom App Marketplace (double)",
            heading: "Slotted would like to access your Zoom account",
            detail: SCOPES,
            action: "/oauth/authorize/decide",
            allow: "Allow",
          }),
        callbackUrl,
      });
      if (consent) return;
      requests.push(`${request.method} ${path}`);
      const failure = failures.shift();
      if (failure !== undefined) {
        // Zoom's advice to try again at once keeps the tests from waiting out the backoff.
        response.setHeader("retry-after", "0");
        return zoomError(
          response,
          failure,
          failure,
          failure === 429 ? "Too many requests" : "Server error",
        );
      }
      if (path === "/oauth/token" && request.method === "POST") return token(request, response);
      if (path === "/oauth/revoke" && request.method === "POST") return revoke(request, response);
      if (path.startsWith("/v2/")) {
        return api(request, response, path.slice("/v2".length), url.searchParams);
      }
      zoomError(response, 404, 404, "Not found");
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) zoomError(response, 500, 500, String(error));
    });
  });
  const listening = await listenLoopback(server);

  const double: ZoomDouble = {
    url: listening.url,
    meetings,
    requests,
    userRequests,
    refreshes: 0,
    revocations: 0,
    consent: directConsent(checkAuthorize, callbackUrl),
    signInAs(uid) {
      signedIn = uid;
    },
    revokeLatest() {
      const latest = grants.at(-1);
      if (latest) latest.revoked = true;
    },
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    loseNextCreate() {
      loseCreate = true;
    },
    deleteAsHost(meetingId) {
      if (!meetings.delete(meetingId)) throw new Error(`no Zoom meeting ${meetingId}`);
    },
    stop: listening.stop,
  };
  return double;
}
