import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";

export type SignupMode = "open" | "invite" | "closed";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  /**
   * Who may sign up (SIGNUP): `open` anyone, `invite` only an address with a pending team
   * invitation, `closed` nobody; the instance's first account (its owner) always may.
   */
  signup: SignupMode;
  /** Whether /dev/mailbox shows the outbox's mail, to loopback connections only (DEV_MAILBOX=true). */
  devMailbox: boolean;
  /**
   * Fastify's trustProxy: the proxies whose X-Forwarded-* headers are believed (addresses,
   * CIDR ranges or proxy-addr's names such as loopback), or false to believe none.
   */
  trustProxy: string[] | false;
  /**
   * Who may read `/metrics` (METRICS_ALLOW: addresses and CIDR ranges, comma-separated, or
   * loopback); null, the default, serves no metrics at all.
   */
  metricsAllow: string[] | null;
  /**
   * The installation's one Stripe account (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
   * STRIPE_WEBHOOK_SECRET); null when payments are not set up. `apiUrl` (STRIPE_API_URL) points
   * the SDK at a Stripe-compatible server (stripe-mock, the tests' double); `jsUrl`
   * (STRIPE_JS_URL) is where the booking page loads Stripe.js from instead of js.stripe.com.
   */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    apiUrl?: string | null;
    jsUrl?: string | null;
  } | null;
  /** How long a paid booking holds its slot while the invitee pays (PAYMENT_HOLD_MINUTES, 15). */
  paymentHoldMinutes: number;
  /**
   * Bookings (`POST /api/event`) one client address may make per 10 minutes
   * (BOOKING_LIMIT_PER_IP, 30) and one event type may take per hour
   * (BOOKING_LIMIT_PER_EVENT_TYPE, 300); 0 turns a limit off (load tests).
   */
  bookingLimits: { perIp: number; perEventType: number };
  /**
   * The S3-compatible object store new uploads go to (S3_URL), or null: they go to PostgreSQL.
   * Addressed path-style (`endpoint/bucket/prefix{id}`), which AWS, MinIO, Garage and Ceph
   * all answer; `credentials` null leaves them to the SDK's default chain (an instance role).
   */
  s3: S3Config | null;
  /**
   * The installation's Google OAuth app (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET), or null: hosts
   * are not offered Google Calendar. `oauthUrl` (GOOGLE_OAUTH_URL) and `apiUrl` (GOOGLE_API_URL)
   * point at a Google-compatible server instead of Google's (the tests' double).
   */
  google: GoogleConfig | null;
  /**
   * The installation's Twilio account for texts (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN,
   * TWILIO_FROM: a sender number in E.164 or a Messaging Service SID), or null: no SMS steps.
   * `apiUrl` (TWILIO_API_URL) points at a Twilio-compatible server instead of api.twilio.com.
   */
  twilio: TwilioConfig | null;
  /**
   * SMS segments (the parts carriers bill) a host's workflows may send per calendar month
   * (UTC), SMS_LIMIT_PER_HOST_MONTH, 500; and the whole instance, SMS_LIMIT_PER_INSTANCE_MONTH,
   * 5000. 0 turns a limit off.
   */
  smsLimits: { perHostMonth: number; perInstanceMonth: number };
  /**
   * The installation's Microsoft Entra app (MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET,
   * MICROSOFT_TENANT, default `common`), or null: hosts are not offered Microsoft 365 /
   * Outlook.com. `loginUrl` (MICROSOFT_LOGIN_URL) and `graphUrl` (MICROSOFT_GRAPH_URL) point at
   * a compatible server instead of Microsoft's (the tests' double).
   */
  microsoft: MicrosoftConfig | null;
  /**
   * The installation's Zoom OAuth app (ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET), or null: hosts are
   * not offered Zoom meetings. ZOOM_OAUTH_URL and ZOOM_API_URL as the others' base URLs.
   */
  zoom: ZoomConfig | null;
  /** The Jitsi Meet server whose rooms JITSI locations get (JITSI_BASE_URL, https://meet.jit.si). */
  jitsiBaseUrl: string;
  /**
   * Whether webhooks may target private, loopback and link-local addresses
   * (WEBHOOK_ALLOW_PRIVATE, off): on, a subscription could reach into the server's own network.
   */
  webhookAllowPrivate: boolean;
  /**
   * Whether CalDAV servers and ICS feeds may be on private, loopback and link-local addresses
   * (CALENDAR_ALLOW_PRIVATE, off): on for a self-hoster's Nextcloud on the LAN, at the price
   * that any host may make this server send requests into its network.
   */
  calendarAllowPrivate: boolean;
  sessionSecret: string;
  /** The AES-256-GCM key of stored calendar credentials (ENCRYPTION_KEY). */
  encryptionKey: Buffer;
  /**
   * How long a client may take to send one whole request, headers and body
   * (REQUEST_TIMEOUT_MS, 120000: a 10 MB video at under 1 Mbit/s); a slower one is answered 408
   * and its connection closed, so a trickled body cannot hold a socket for ever.
   */
  requestTimeoutMs: number;
  /**
   * How long a stopping server waits for in-flight requests (SHUTDOWN_TIMEOUT_MS, 10000) before
   * it closes their connections and stops anyway.
   */
  shutdownTimeoutMs: number;
  logLevel: string;
  production: boolean;
  /**
   * Where the server's clock starts when it runs for tests (TEST_CLOCK_START, an ISO 8601
   * instant with its offset), or null: the real time. It then runs on from there and the
   * loopback-only /test/clock routes may move it forward. Refused with NODE_ENV=production.
   */
  testClockStart: Date | null;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** An E.164 sender number, or a Messaging Service SID (MG…). */
  from: string;
  apiUrl: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  oauthUrl: string | null;
  apiUrl: string | null;
}

export interface MicrosoftConfig {
  clientId: string;
  clientSecret: string;
  /** `common` (work, school and personal accounts), `organizations`, `consumers` or a tenant id. */
  tenant: string;
  loginUrl: string;
  graphUrl: string;
}

export interface ZoomConfig {
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  apiUrl: string;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  /** Prepended to every object key: "" or a path ending in "/". */
  prefix: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** A configuration value that is wrong; main prints its message as one line and exits. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function parsePort(value: string | null): number {
  if (value === null) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${value}".`);
  }
  return port;
}

function parseUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${value}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}.`,
    );
  }
  return value;
}

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * TRUST_PROXY: a comma-separated list of the proxies in front of Slotted. Believing every
 * sender's X-Forwarded-For would let any client pick the address its limits are counted on.
 */
function parseTrustProxy(value: string | null): string[] | false {
  if (value === null || value === "false" || value === "0") return false;
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const bitsValid =
      bits === undefined ||
      (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32) && family !== 0);
    if (!(PROXY_NAMES.includes(entry) || (family !== 0 && bitsValid && extra === undefined))) {
      throw new ConfigError(
        `TRUST_PROXY must list the proxies' addresses or ranges (e.g. 10.0.0.5,10.1.0.0/16) or loopback, got "${entry}".`,
      );
    }
  }
  return entries;
}

/** METRICS_ALLOW: who may scrape `/metrics`, as addresses, CIDR ranges or `loopback`. */
function parseMetricsAllow(value: string | null): string[] | null {
  if (value === null) return null;
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const bitsValid =
      bits === undefined ||
      (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32) && family !== 0);
    if (!(entry === "loopback" || (family !== 0 && bitsValid && extra === undefined))) {
      throw new ConfigError(
        `METRICS_ALLOW must list addresses or ranges allowed to read /metrics (e.g. 10.0.0.0/8,loopback), got "${entry}".`,
      );
    }
  }
  return entries.length === 0 ? null : entries;
}

/** An on/off setting: true or 1 is on, false, 0 or absent is off, anything else an error. */
function parseTestClockStart(value: string | null, production: boolean): Date | null {
  if (value === null) return null;
  if (production) {
    throw new ConfigError(
      "TEST_CLOCK_START is for test runs only; unset it with NODE_ENV=production.",
    );
  }
  // An instant, not a wall time: the offset (Z or ±hh:mm) is required.
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(
    value,
  )
    ? new Date(value)
    : null;
  if (instant === null || Number.isNaN(instant.getTime())) {
    throw new ConfigError(
      `TEST_CLOCK_START must be an ISO 8601 instant with its offset (2027-06-08T07:19:00Z), got "${value}".`,
    );
  }
  return instant;
}

function parseSwitch(env: Env, name: string): boolean {
  const value = optional(env, name);
  if (value !== null && !["0", "1", "true", "false"].includes(value)) {
    throw new ConfigError(`${name} must be true or false, got "${value}".`);
  }
  return value === "1" || value === "true";
}

function parseCount(name: string, value: string | null, fallback: number): number {
  if (value === null) return fallback;
  if (!/^\d{1,9}$/.test(value)) {
    throw new ConfigError(
      `${name} must be a whole number (0 turns the limit off), got "${value}".`,
    );
  }
  return Number(value);
}

/** A duration in milliseconds of at least `min`, `fallback` when the variable is not set. */
function parseMilliseconds(name: string, value: string | null, fallback: number, min: number) {
  if (value === null) return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < min) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds from ${min} to 999999999, got "${value}".`,
    );
  }
  return Number(value);
}

/**
 * S3_URL: `https://[key:secret@]host[:port]/bucket[/prefix][?region=…]`. The keys may come
 * from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead (they win over the URL's).
 */
function parseS3(env: Env): S3Config | null {
  const value = optional(env, "S3_URL");
  const keyId = optional(env, "S3_ACCESS_KEY_ID");
  const secret = optional(env, "S3_SECRET_ACCESS_KEY");
  if ((keyId === null) !== (secret === null)) {
    throw new ConfigError("Set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together.");
  }
  if (value === null) {
    if (keyId !== null) throw new ConfigError("S3_ACCESS_KEY_ID is set but S3_URL is not.");
    return null;
  }
  // The URL may hold a secret: errors name the variable, never echo the value.
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError("S3_URL is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("S3_URL must start with https:// or http://.");
  }
  const [bucket = "", ...rest] = url.pathname.split("/").filter((part) => part !== "");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      "S3_URL must name the bucket as its path, e.g. https://s3.eu-central-1.amazonaws.com/my-bucket.",
    );
  }
  const prefix = rest.length === 0 ? "" : `${rest.map(decodeURIComponent).join("/")}/`;
  const region = url.searchParams.get("region") ?? "us-east-1";
  const fromUrl =
    url.username !== ""
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : null;
  const credentials =
    keyId !== null && secret !== null ? { accessKeyId: keyId, secretAccessKey: secret } : fromUrl;
  return { endpoint: url.origin, bucket, prefix, region, credentials };
}

/** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (both or neither), with their base URLs. */
function parseGoogle(env: Env): GoogleConfig | null {
  const clientId = optional(env, "GOOGLE_CLIENT_ID");
  const clientSecret = optional(env, "GOOGLE_CLIENT_SECRET");
  if ((clientId === null) !== (clientSecret === null)) {
    throw new ConfigError("Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together.");
  }
  if (clientId === null || clientSecret === null) return null;
  const base = (name: string) => {
    const value = optional(env, name);
    return value === null ? null : parseUrl(name, value, ["http:", "https:"]).replace(/\/+$/, "");
  };
  return {
    clientId,
    clientSecret,
    oauthUrl: base("GOOGLE_OAUTH_URL"),
    apiUrl: base("GOOGLE_API_URL"),
  };
}

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (all or none), and TWILIO_API_URL. */
function parseTwilio(env: Env): TwilioConfig | null {
  const accountSid = optional(env, "TWILIO_ACCOUNT_SID");
  const authToken = optional(env, "TWILIO_AUTH_TOKEN");
  const from = optional(env, "TWILIO_FROM");
  const given = [accountSid, authToken, from].filter((value) => value !== null).length;
  if (given === 0) return null;
  if (accountSid === null || authToken === null || from === null) {
    throw new ConfigError("Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together.");
  }
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid)) {
    throw new ConfigError("TWILIO_ACCOUNT_SID must be AC followed by 32 hex digits.");
  }
  if (!/^\+[1-9]\d{6,14}$/.test(from) && !/^MG[0-9a-fA-F]{32}$/.test(from)) {
    throw new ConfigError(
      `TWILIO_FROM must be an E.164 number (+14155550100) or a Messaging Service SID (MG…), got "${from}".`,
    );
  }
  const apiValue = optional(env, "TWILIO_API_URL");
  const apiUrl = (
    apiValue === null
      ? "https://api.twilio.com"
      : parseUrl("TWILIO_API_URL", apiValue, ["http:", "https:"])
  ).replace(/\/+$/, "");
  return { accountSid, authToken, from, apiUrl };
}

/** An optional base URL (trailing slashes dropped), or `fallback`. */
function baseUrl(env: Env, name: string, fallback: string): string {
  const value = optional(env, name);
  return value === null ? fallback : parseUrl(name, value, ["http:", "https:"]).replace(/\/+$/, "");
}

/** A client id and secret that go together (both or neither). */
function clientPair(env: Env, idName: string, secretName: string) {
  const clientId = optional(env, idName);
  const clientSecret = optional(env, secretName);
  if ((clientId === null) !== (clientSecret === null)) {
    throw new ConfigError(`Set ${idName} and ${secretName} together.`);
  }
  return clientId === null || clientSecret === null ? null : { clientId, clientSecret };
}

/** MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET (both or neither), tenant and base URLs. */
function parseMicrosoft(env: Env): MicrosoftConfig | null {
  const pair = clientPair(env, "MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET");
  if (pair === null) return null;
  const tenant = optional(env, "MICROSOFT_TENANT") ?? "common";
  if (!/^[A-Za-z0-9.-]{1,100}$/.test(tenant)) {
    throw new ConfigError(
      `MICROSOFT_TENANT must be common, organizations, consumers, a tenant id or domain, got "${tenant}".`,
    );
  }
  return {
    ...pair,
    tenant,
    loginUrl: baseUrl(env, "MICROSOFT_LOGIN_URL", "https://login.microsoftonline.com"),
    graphUrl: baseUrl(env, "MICROSOFT_GRAPH_URL", "https://graph.microsoft.com"),
  };
}

/** ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET (both or neither), with their base URLs. */
function parseZoom(env: Env): ZoomConfig | null {
  const pair = clientPair(env, "ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET");
  if (pair === null) return null;
  return {
    ...pair,
    oauthUrl: baseUrl(env, "ZOOM_OAUTH_URL", "https://zoom.us"),
    apiUrl: baseUrl(env, "ZOOM_API_URL", "https://api.zoom.us/v2"),
  };
}

/** A secret kept in DATA_DIR/`file`: read when there, else generated once and written. */
function keptSecret(dataDir: string, file: string, generate: () => string): string {
  const path = join(dataDir, file);
  try {
    if (existsSync(path)) return readFileSync(path, "utf8").trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = generate();
    try {
      writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: use theirs, so both agree.
      if ((error as { code?: string }).code !== "EEXIST") throw error;
      return readFileSync(path, "utf8").trim();
    }
    return secret;
  } catch (error) {
    // A file where the folder should be, no permission, a read-only disk: say which setting.
    const reason = (error as { code?: string }).code ?? String(error);
    throw new ConfigError(
      `DATA_DIR ${dataDir} cannot be used (${reason}); set DATA_DIR to a writable directory.`,
    );
  }
}

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR. */
function sessionSecret(env: Env, dataDir: string): string {
  const given = optional(env, "SESSION_SECRET");
  if (given !== null) {
    if (given.length < 32) throw new ConfigError("SESSION_SECRET must be at least 32 characters.");
    return given;
  }
  return keptSecret(dataDir, "session-secret", () => randomBytes(32).toString("base64url"));
}

/**
 * ENCRYPTION_KEY (32 bytes as 64 hex digits or base64), or one generated on first start and kept
 * in DATA_DIR: the AES-256-GCM key of stored calendar credentials. Losing it loses them.
 */
function encryptionKey(env: Env, dataDir: string): Buffer {
  const given =
    optional(env, "ENCRYPTION_KEY") ??
    keptSecret(dataDir, "encryption-key", () => randomBytes(32).toString("base64"));
  const key = /^[0-9a-f]{64}$/i.test(given)
    ? Buffer.from(given, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(given)
      ? Buffer.from(given, "base64")
      : null;
  if (key === null || key.length !== 32) {
    throw new ConfigError(
      "ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32).",
    );
  }
  return key;
}

/** Reads the environment of DESIGN.md's Configuration; throws ConfigError for a wrong value. */
export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(optional(env, "PORT"));
  const host = optional(env, "HOST") ?? "0.0.0.0";
  const dataDir = resolve(optional(env, "DATA_DIR") ?? "./data");
  const databaseUrlValue = optional(env, "DATABASE_URL");
  const databaseUrl =
    databaseUrlValue === null
      ? null
      : parseUrl("DATABASE_URL", databaseUrlValue, ["postgres:", "postgresql:"]);
  const publicUrlValue = optional(env, "PUBLIC_URL");
  const publicUrl = (
    publicUrlValue === null
      ? `http://localhost:${port}`
      : parseUrl("PUBLIC_URL", publicUrlValue, ["http:", "https:"])
  ).replace(/\/+$/, "");
  const smtpValue = optional(env, "SMTP_URL");
  const smtpUrl = smtpValue === null ? null : parseUrl("SMTP_URL", smtpValue, ["smtp:", "smtps:"]);
  const production = env.NODE_ENV === "production";
  const devMailboxValue = optional(env, "DEV_MAILBOX");
  if (devMailboxValue !== null && !["0", "1", "true", "false"].includes(devMailboxValue)) {
    throw new ConfigError(`DEV_MAILBOX must be true or false, got "${devMailboxValue}".`);
  }
  // Off unless asked for: the mailbox shows reset links and invitees' tokens.
  const devMailbox = devMailboxValue === "1" || devMailboxValue === "true";
  const trustProxy = parseTrustProxy(optional(env, "TRUST_PROXY"));
  const signupValue = optional(env, "SIGNUP") ?? "open";
  if (signupValue !== "open" && signupValue !== "invite" && signupValue !== "closed") {
    throw new ConfigError(`SIGNUP must be open, invite or closed, got "${signupValue}".`);
  }
  const signup: SignupMode = signupValue;
  const metricsAllow = parseMetricsAllow(optional(env, "METRICS_ALLOW"));

  const secretKey = optional(env, "STRIPE_SECRET_KEY");
  const publishableKey = optional(env, "STRIPE_PUBLISHABLE_KEY");
  const webhookSecret = optional(env, "STRIPE_WEBHOOK_SECRET");
  if ((secretKey === null) !== (publishableKey === null)) {
    throw new ConfigError("Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY together.");
  }
  if (secretKey !== null && !/^(sk|rk)_/.test(secretKey)) {
    throw new ConfigError("STRIPE_SECRET_KEY must start with sk_ or rk_.");
  }
  if (publishableKey !== null && !publishableKey.startsWith("pk_")) {
    throw new ConfigError("STRIPE_PUBLISHABLE_KEY must start with pk_.");
  }
  if (webhookSecret !== null && !webhookSecret.startsWith("whsec_")) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must start with whsec_.");
  }
  const stripeApiValue = optional(env, "STRIPE_API_URL");
  const stripeApiUrl =
    stripeApiValue === null
      ? null
      : parseUrl("STRIPE_API_URL", stripeApiValue, ["http:", "https:"]);
  const stripeJsValue = optional(env, "STRIPE_JS_URL");
  const stripeJsUrl =
    stripeJsValue === null ? null : parseUrl("STRIPE_JS_URL", stripeJsValue, ["http:", "https:"]);
  const holdValue = optional(env, "PAYMENT_HOLD_MINUTES");
  if (holdValue !== null && (!/^\d{1,4}$/.test(holdValue) || Number(holdValue) < 1)) {
    throw new ConfigError(
      `PAYMENT_HOLD_MINUTES must be a whole number of minutes from 1 to 9999, got "${holdValue}".`,
    );
  }
  const paymentHoldMinutes = holdValue === null ? 15 : Number(holdValue);
  const google = parseGoogle(env);
  const jitsiValue = optional(env, "JITSI_BASE_URL");
  const jitsiBaseUrl = (
    jitsiValue === null
      ? "https://meet.jit.si"
      : parseUrl("JITSI_BASE_URL", jitsiValue, ["http:", "https:"])
  ).replace(/\/+$/, "");
  const webhookAllowPrivate = parseSwitch(env, "WEBHOOK_ALLOW_PRIVATE");
  const calendarAllowPrivate = parseSwitch(env, "CALENDAR_ALLOW_PRIVATE");
  const testClockStart = parseTestClockStart(optional(env, "TEST_CLOCK_START"), production);
  const logLevel = optional(env, "LOG_LEVEL") ?? "info";
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.`,
    );
  }

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    smtpUrl,
    signup,
    devMailbox,
    trustProxy,
    metricsAllow,
    stripe:
      secretKey !== null && publishableKey !== null
        ? { secretKey, publishableKey, webhookSecret, apiUrl: stripeApiUrl, jsUrl: stripeJsUrl }
        : null,
    paymentHoldMinutes,
    bookingLimits: {
      perIp: parseCount("BOOKING_LIMIT_PER_IP", optional(env, "BOOKING_LIMIT_PER_IP"), 30),
      perEventType: parseCount(
        "BOOKING_LIMIT_PER_EVENT_TYPE",
        optional(env, "BOOKING_LIMIT_PER_EVENT_TYPE"),
        300,
      ),
    },
    s3: parseS3(env),
    google,
    twilio: parseTwilio(env),
    smsLimits: {
      perHostMonth: parseCount(
        "SMS_LIMIT_PER_HOST_MONTH",
        optional(env, "SMS_LIMIT_PER_HOST_MONTH"),
        500,
      ),
      perInstanceMonth: parseCount(
        "SMS_LIMIT_PER_INSTANCE_MONTH",
        optional(env, "SMS_LIMIT_PER_INSTANCE_MONTH"),
        5000,
      ),
    },
    microsoft: parseMicrosoft(env),
    zoom: parseZoom(env),
    jitsiBaseUrl,
    webhookAllowPrivate,
    calendarAllowPrivate,
    sessionSecret: sessionSecret(env, dataDir),
    encryptionKey: encryptionKey(env, dataDir),
    requestTimeoutMs: parseMilliseconds(
      "REQUEST_TIMEOUT_MS",
      optional(env, "REQUEST_TIMEOUT_MS"),
      120_000,
      1000,
    ),
    shutdownTimeoutMs: parseMilliseconds(
      "SHUTDOWN_TIMEOUT_MS",
      optional(env, "SHUTDOWN_TIMEOUT_MS"),
      10_000,
      0,
    ),
    logLevel,
    production,
    testClockStart,
  };
}
