import { eq } from "drizzle-orm";
import { z } from "zod";
import { openSecret, sealSecret } from "../../crypto/credentialBox";
import type { Db } from "../../db/database";
import { calendarConnections } from "../../db/schema";
import {
  CALENDAR_REQUEST_TIMEOUT_MS,
  CalendarSourceError,
  networkFailure,
} from "../calendarSource";

/**
 * What the OAuth providers (Google, Microsoft, Zoom) share: the token endpoint's grant and
 * refresh calls, a JSON API call retried on 429 and 5xx, and the keeper that hands out a live
 * access token and seals refreshed ones back. Each provider adds only its addresses and shapes.
 */

/** The tokens of a connection, sealed as its secret. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token lapses. */
  expiresAt: number;
}

export const oauthTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
});

/** A token endpoint's answer (RFC 6749 5.1). */
export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

const tokenError = z.object({ error: z.string() });

/** The token endpoint said the grant is dead (revoked, expired): the host must connect again. */
export class OAuthGrantError extends Error {
  constructor(
    readonly error: string,
    provider = "oauth",
  ) {
    super(`${provider} token endpoint: ${error}`);
    this.name = "OAuthGrantError";
  }
}

/** An OAuth app's credentials and where its token endpoint is. */
export interface OAuthClient {
  label: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Send the client's credentials as HTTP Basic (Zoom) rather than in the form. */
  basicAuth?: boolean;
}

/** A status the provider answered, as the reason the dashboard says. */
export function statusFailure(label: string, status: number): CalendarSourceError {
  if (status === 401 || status === 403) {
    return new CalendarSourceError("AUTH_FAILED", `${label} answered ${status}`);
  }
  if (status === 404 || status === 410) {
    return new CalendarSourceError("CALENDAR_GONE", `${label} answered ${status}`);
  }
  return new CalendarSourceError("UNREACHABLE", `${label} answered ${status}`);
}

/** fetch with the calendar timeout; a network failure as a CalendarSourceError. */
export async function providerFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(CALENDAR_REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw networkFailure(error);
  }
}

/**
 * One call to a token endpoint. 400/401 with an OAuth error (invalid_grant, invalid_client)
 * throws OAuthGrantError; another failure a CalendarSourceError.
 */
export async function oauthTokenRequest(
  client: OAuthClient,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const credentials: Record<string, string> = client.basicAuth
    ? {}
    : { client_id: client.clientId, client_secret: client.clientSecret };
  const response = await providerFetch(client.tokenUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(client.basicAuth
        ? {
            authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
          }
        : {}),
    },
    body: new URLSearchParams({ ...credentials, ...form }).toString(),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 400 || response.status === 401) {
    const error = tokenError.safeParse(body);
    throw new OAuthGrantError(error.success ? error.data.error : "invalid_request", client.label);
  }
  if (!response.ok) throw statusFailure(client.label, response.status);
  const parsed = tokenAnswerSchema.safeParse(body);
  if (!parsed.success) throw new CalendarSourceError("INVALID_DATA", "token answer");
  return parsed.data;
}

/** Trades an authorisation code (and its PKCE verifier) for tokens. Throws OAuthGrantError. */
export async function exchangeCode(
  client: OAuthClient,
  input: { code: string; verifier: string; redirectUri: string },
  now: Date,
): Promise<OAuthTokens> {
  const answer = await oauthTokenRequest(client, {
    grant_type: "authorization_code",
    code: input.code,
    code_verifier: input.verifier,
    redirect_uri: input.redirectUri,
  });
  if (answer.refresh_token === undefined) {
    throw new OAuthGrantError("no_refresh_token", client.label);
  }
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: now.getTime() + answer.expires_in * 1000,
  };
}

/**
 * A fresh access token. Microsoft and Zoom rotate refresh tokens (each refresh gives a new one,
 * Zoom's old one stops working), so a returned refresh token replaces the stored one.
 */
export async function refreshTokens(
  client: OAuthClient,
  tokens: OAuthTokens,
  now: Date,
  extra: Record<string, string> = {},
): Promise<OAuthTokens> {
  const answer = await oauthTokenRequest(client, {
    grant_type: "refresh_token",
    refresh_token: tokens.refreshToken,
    ...extra,
  });
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? tokens.refreshToken,
    expiresAt: now.getTime() + answer.expires_in * 1000,
  };
}

/** Waits before each retry of a request answered 429 or 5xx (the provider's advice, capped). */
export const RETRY_DELAYS_MS = [250, 1000, 3000];
const MAX_RETRY_AFTER_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiRequest {
  method: string;
  /** The full address. */
  url: string;
  body?: unknown;
  /** The non-2xx statuses the caller handles itself. */
  accept?: number[];
  headers?: Record<string, string>;
}

/**
 * One JSON API call with a bearer token: 429 and 5xx are tried again after `delays` (or the
 * Retry-After the provider gives, capped), so a short hiccup neither fails a sync nor a write.
 * Resolves with the status and the parsed body (`schema`), or null for a body-less answer.
 */
export async function bearerApi<T>(
  label: string,
  accessToken: string,
  request: ApiRequest,
  schema: z.ZodType<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<{ status: number; body: T | null }> {
  for (let attempt = 0; ; attempt++) {
    const response = await providerFetch(request.url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < delays.length) {
      await response.body?.cancel();
      const header = response.headers.get("retry-after");
      const advised = header === null ? Number.NaN : Number(header);
      const wait = Number.isFinite(advised) && advised >= 0 ? advised * 1000 : delays[attempt]!;
      await sleep(Math.min(wait, MAX_RETRY_AFTER_MS));
      continue;
    }
    const path = new URL(request.url).pathname;
    if (!response.ok && !request.accept?.includes(response.status)) {
      await response.body?.cancel();
      throw statusFailure(label, response.status);
    }
    const text = await response.text();
    if (!response.ok || text === "") return { status: response.status, body: null };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CalendarSourceError("INVALID_DATA", `${label} ${path}: not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CalendarSourceError("INVALID_DATA", `${label} ${path}`);
    return { status: response.status, body: parsed.data };
  }
}

/** An access token is refreshed when it has less than this left. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** What a keeper needs: the database its refreshed tokens are written to, the key, the clock. */
export interface KeeperContext {
  db: Db;
  encryptionKey: Buffer;
  clock: () => Date;
}

/**
 * Gives out a live access token for a stored grant: the stored one while it has over
 * REFRESH_MARGIN_MS left, else a refreshed one, sealed back where it came from (`save`). A
 * refresh the provider refuses (`invalid_grant`: consent revoked, the token expired or was
 * reset) throws CalendarSourceError RECONNECT_NEEDED, which the sync records as the
 * connection's failure.
 */
export class OAuthTokenKeeper {
  protected tokens: OAuthTokens;

  constructor(
    protected readonly context: KeeperContext,
    sealed: string,
    protected readonly userId: string,
    private readonly refresh: (tokens: OAuthTokens, now: Date) => Promise<OAuthTokens>,
    private readonly save: (sealed: string) => Promise<void>,
  ) {
    let opened: unknown = null;
    try {
      opened = JSON.parse(openSecret(context.encryptionKey, sealed, userId));
    } catch {
      opened = null;
    }
    const parsed = oauthTokensSchema.safeParse(opened);
    if (!parsed.success) throw new CalendarSourceError("RECONNECT_NEEDED", "no stored tokens");
    this.tokens = parsed.data;
  }

  /** The grant's refresh token (revoking it ends the grant). */
  get refreshToken(): string {
    return this.tokens.refreshToken;
  }

  async accessToken(): Promise<string> {
    const now = this.context.clock();
    if (this.tokens.expiresAt - now.getTime() > REFRESH_MARGIN_MS) return this.tokens.accessToken;
    try {
      this.tokens = await this.refresh(this.tokens, now);
    } catch (error) {
      if (error instanceof OAuthGrantError) {
        throw new CalendarSourceError("RECONNECT_NEEDED", error.error);
      }
      throw error;
    }
    await this.save(
      sealSecret(this.context.encryptionKey, JSON.stringify(this.tokens), this.userId),
    );
    return this.tokens.accessToken;
  }
}

/** Writes a calendar connection's refreshed, sealed tokens onto its row. */
export function saveConnectionSecret(db: Db, connectionId: string) {
  return async (sealed: string) => {
    // A connection not stored yet (the callback's first read) has nothing to update.
    if (connectionId === "") return;
    await db
      .update(calendarConnections)
      .set({ secret: sealed })
      .where(eq(calendarConnections.id, connectionId));
  };
}
