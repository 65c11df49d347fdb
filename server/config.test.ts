import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(join(tmpdir(), "slotted-config-"));

describe("loadConfig", () => {
  it("has DESIGN's defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: dir,
      databaseUrl: null,
      publicUrl: "http://localhost:3000",
      smtpUrl: null,
      devMailbox: false,
      trustProxy: false,
      metricsAllow: null,
      stripe: null,
      paymentHoldMinutes: 15,
      requestTimeoutMs: 120_000,
      shutdownTimeoutMs: 10_000,
      logLevel: "info",
      testClockStart: null,
    });
  });

  it("shows the mailbox only when DEV_MAILBOX asks for it, in production or not", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).devMailbox).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "development" }).devMailbox).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_MAILBOX: "true" }).devMailbox).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_MAILBOX: "1" }).devMailbox).toBe(true);
  });

  it("believes forwarded headers only from the proxies TRUST_PROXY names", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "loopback, 10.1.0.0/16,::1" }).trustProxy,
    ).toEqual(["loopback", "10.1.0.0/16", "::1"]);
  });

  it("serves metrics only when METRICS_ALLOW lists who may read them", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_ALLOW: "" }).metricsAllow).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dataDir(), METRICS_ALLOW: "loopback, 10.0.0.0/8,fd00::1" })
        .metricsAllow,
    ).toEqual(["loopback", "10.0.0.0/8", "fd00::1"]);
    for (const wrong of ["everyone", "10.0.0.0/33", "10.0.0.1/8/2"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_ALLOW: wrong })).toThrow(
        /METRICS_ALLOW must list/,
      );
    }
  });

  it("limits bookings per address and per event type, 0 turning a limit off", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).bookingLimits).toEqual({
      perIp: 30,
      perEventType: 300,
    });
    const env = { BOOKING_LIMIT_PER_IP: "0", BOOKING_LIMIT_PER_EVENT_TYPE: "1000" };
    expect(loadConfig({ DATA_DIR: dataDir(), ...env }).bookingLimits).toEqual({
      perIp: 0,
      perEventType: 1000,
    });
  });

  it("stores media in PostgreSQL unless S3_URL names a bucket, with keys from the URL or the variables", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeNull();
    const withUrlKeys = loadConfig({
      DATA_DIR: dataDir(),
      S3_URL:
        "https://AKID:se%2Fcret@s3.example.com:9000/media-bucket/slotted/uploads?region=eu-central-1",
    }).s3;
    expect(withUrlKeys).toEqual({
      endpoint: "https://s3.example.com:9000",
      bucket: "media-bucket",
      prefix: "slotted/uploads/",
      region: "eu-central-1",
      credentials: { accessKeyId: "AKID", secretAccessKey: "se/cret" },
    });
    const withVariables = loadConfig({
      DATA_DIR: dataDir(),
      S3_URL: "http://127.0.0.1:9000/media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    }).s3;
    expect(withVariables).toMatchObject({
      bucket: "media",
      prefix: "",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), S3_URL: "https://s3.example.com/b-1" }).s3,
    ).toMatchObject({ credentials: null });
  });

  it("refuses an S3_URL without a bucket, with half the keys, and never echoes the secret", () => {
    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(bad({ S3_URL: "https://k:topsecret@s3.example.com/" })).toThrow(/bucket/);
    expect(bad({ S3_URL: "ftp://k:topsecret@s3.example.com/b-1" })).toThrow(ConfigError);
    expect(bad({ S3_URL: "https://s3.example.com/b-1", S3_ACCESS_KEY_ID: "k" })).toThrow(
      /together/,
    );
    expect(bad({ S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toThrow(/S3_URL/);
    try {
      loadConfig({ DATA_DIR: dataDir(), S3_URL: "https://k:topsecret@s3.example.com/" });
    } catch (error) {
      expect(String(error)).not.toContain("topsecret");
    }
  });

  it("refuses private calendar and webhook addresses unless a switch allows them", () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base)).toMatchObject({
      calendarAllowPrivate: false,
      webhookAllowPrivate: false,
    });
    expect(loadConfig({ ...base, CALENDAR_ALLOW_PRIVATE: "true" })).toMatchObject({
      calendarAllowPrivate: true,
      webhookAllowPrivate: false,
    });
    expect(loadConfig({ ...base, CALENDAR_ALLOW_PRIVATE: "0" }).calendarAllowPrivate).toBe(false);
    expect(() => loadConfig({ ...base, CALENDAR_ALLOW_PRIVATE: "yes" })).toThrow(
      /CALENDAR_ALLOW_PRIVATE must be true or false/,
    );
  });

  it("starts the clock at TEST_CLOCK_START for test runs only, and wants an instant with its offset", () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base).testClockStart).toBeNull();
    expect(
      loadConfig({ ...base, TEST_CLOCK_START: "2027-06-08T09:19:00+02:00" }).testClockStart,
    ).toEqual(new Date("2027-06-08T07:19:00Z"));
    expect(() =>
      loadConfig({ ...base, TEST_CLOCK_START: "2027-06-08T07:19:00Z", NODE_ENV: "production" }),
    ).toThrow("TEST_CLOCK_START is for test runs only; unset it with NODE_ENV=production.");
    for (const wrong of ["2027-06-08T09:19", "tomorrow", "2027-13-40T09:19:00Z"]) {
      expect(() => loadConfig({ ...base, TEST_CLOCK_START: wrong })).toThrow(
        `TEST_CLOCK_START must be an ISO 8601 instant with its offset (2027-06-08T07:19:00Z), got "${wrong}".`,
      );
    }
  });

  it("offers Google only with both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, with optional base URLs", () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base).google).toBeNull();
    expect(
      loadConfig({ ...base, GOOGLE_CLIENT_ID: "id.apps", GOOGLE_CLIENT_SECRET: "s" }).google,
    ).toEqual({ clientId: "id.apps", clientSecret: "s", oauthUrl: null, apiUrl: null });
    expect(
      loadConfig({
        ...base,
        GOOGLE_CLIENT_ID: "id.apps",
        GOOGLE_CLIENT_SECRET: "s",
        GOOGLE_OAUTH_URL: "http://127.0.0.1:4000/",
        GOOGLE_API_URL: "http://127.0.0.1:4001",
      }).google,
    ).toMatchObject({ oauthUrl: "http://127.0.0.1:4000", apiUrl: "http://127.0.0.1:4001" });
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: "id.apps" })).toThrow(
      /Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together/,
    );
    expect(() =>
      loadConfig({
        ...base,
        GOOGLE_CLIENT_ID: "a",
        GOOGLE_CLIENT_SECRET: "s",
        GOOGLE_API_URL: "ftp://x",
      }),
    ).toThrow(/GOOGLE_API_URL/);
  });

  it("texts through Twilio only with its SID, token and sender together, and SMS limits", () => {
    const base = { DATA_DIR: dataDir() };
    const sid = `AC${"a1".repeat(16)}`;
    expect(loadConfig(base).twilio).toBeNull();
    expect(loadConfig(base).smsLimits).toEqual({ perHostMonth: 500, perInstanceMonth: 5000 });
    const twilio = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15005550006" };
    expect(loadConfig({ ...base, ...twilio }).twilio).toEqual({
      accountSid: sid,
      authToken: "t",
      from: "+15005550006",
      apiUrl: "https://api.twilio.com",
    });
    expect(
      loadConfig({ ...base, ...twilio, TWILIO_API_URL: "http://127.0.0.1:4010/" }).twilio?.apiUrl,
    ).toBe("http://127.0.0.1:4010");
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: sid })).toThrow(
      /Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together/,
    );
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_ACCOUNT_SID: "AB12" })).toThrow(
      /TWILIO_ACCOUNT_SID must be AC/,
    );
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_FROM: "0151 123" })).toThrow(
      /TWILIO_FROM must be an E.164 number/,
    );
    expect(
      loadConfig({ ...base, SMS_LIMIT_PER_HOST_MONTH: "0", SMS_LIMIT_PER_INSTANCE_MONTH: "20" })
        .smsLimits,
    ).toEqual({ perHostMonth: 0, perInstanceMonth: 20 });
    expect(() => loadConfig({ ...base, SMS_LIMIT_PER_HOST_MONTH: "many" })).toThrow(
      /SMS_LIMIT_PER_HOST_MONTH must be a whole number/,
    );
  });

  it("offers Microsoft only with MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET; tenant common by default", () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base).microsoft).toBeNull();
    const pair = { MICROSOFT_CLIENT_ID: "app-id", MICROSOFT_CLIENT_SECRET: "s" };
    expect(loadConfig({ ...base, ...pair }).microsoft).toEqual({
      clientId: "app-id",
      clientSecret: "s",
      tenant: "common",
      loginUrl: "https://login.microsoftonline.com",
      graphUrl: "https://graph.microsoft.com",
    });
    expect(
      loadConfig({
        ...base,
        ...pair,
        MICROSOFT_TENANT: "contoso.onmicrosoft.com",
        MICROSOFT_LOGIN_URL: "http://127.0.0.1:4000/",
        MICROSOFT_GRAPH_URL: "http://127.0.0.1:4001",
      }).microsoft,
    ).toMatchObject({
      tenant: "contoso.onmicrosoft.com",
      loginUrl: "http://127.0.0.1:4000",
      graphUrl: "http://127.0.0.1:4001",
    });
    expect(() => loadConfig({ ...base, MICROSOFT_CLIENT_SECRET: "s" })).toThrow(
      /Set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET together/,
    );
    expect(() => loadConfig({ ...base, ...pair, MICROSOFT_TENANT: "a/b" })).toThrow(
      /MICROSOFT_TENANT/,
    );
  });

  it("offers Zoom only with ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET, with Zoom's base URLs", () => {
    const base = { DATA_DIR: dataDir() };
    expect(loadConfig(base).zoom).toBeNull();
    expect(loadConfig({ ...base, ZOOM_CLIENT_ID: "z", ZOOM_CLIENT_SECRET: "s" }).zoom).toEqual({
      clientId: "z",
      clientSecret: "s",
      oauthUrl: "https://zoom.us",
      apiUrl: "https://api.zoom.us/v2",
    });
    expect(() => loadConfig({ ...base, ZOOM_CLIENT_ID: "z" })).toThrow(/ZOOM_CLIENT_SECRET/);
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("generates an encryption key once, keeps it in DATA_DIR, and refuses a short one", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).encryptionKey;
    expect(first.length).toBe(32);
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey.equals(first)).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: "ab".repeat(32) }).encryptionKey).toEqual(
      Buffer.alloc(32, 0xab),
    );
    expect(() => loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: "short" })).toThrow(/ENCRYPTION_KEY/);
  });

  it("says which setting to change when DATA_DIR is not a usable folder", () => {
    const file = join(dataDir(), "a-file");
    writeFileSync(file, "");
    const load = () => loadConfig({ DATA_DIR: file });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      `DATA_DIR ${file} cannot be used (EEXIST); set DATA_DIR to a writable directory.`,
    );
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u:p@db:5432/slotted",
      PUBLIC_URL: "https://book.example.com/",
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_PUBLISHABLE_KEY: "pk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_API_URL: "http://127.0.0.1:12111",
      STRIPE_JS_URL: "http://127.0.0.1:12112/v3/",
      PAYMENT_HOLD_MINUTES: "30",
      REQUEST_TIMEOUT_MS: "30000",
      SHUTDOWN_TIMEOUT_MS: "0",
      SESSION_SECRET: "x".repeat(40),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: "https://book.example.com",
      databaseUrl: "postgres://u:p@db:5432/slotted",
      devMailbox: false,
      stripe: {
        secretKey: "sk_test_123",
        publishableKey: "pk_test_123",
        webhookSecret: "whsec_123",
        apiUrl: "http://127.0.0.1:12111",
        jsUrl: "http://127.0.0.1:12112/v3/",
      },
      paymentHoldMinutes: 30,
      requestTimeoutMs: 30_000,
      shutdownTimeoutMs: 0,
      production: true,
    });
  });

  it.each([
    [{ PORT: "eighty" }, 'PORT must be a number from 0 to 65535, got "eighty".'],
    [{ PORT: "70000" }, 'PORT must be a number from 0 to 65535, got "70000".'],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must start with postgres:// or postgresql://."],
    [{ DATABASE_URL: "not a url" }, 'DATABASE_URL is not a valid URL: "not a url".'],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL must start with http:// or https://."],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL must start with smtp:// or smtps://."],
    [{ STRIPE_SECRET_KEY: "sk_x" }, "Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY together."],
    [
      { STRIPE_SECRET_KEY: "nope", STRIPE_PUBLISHABLE_KEY: "pk_x" },
      "STRIPE_SECRET_KEY must start with sk_ or rk_.",
    ],
    [{ STRIPE_API_URL: "ftp://stripe" }, "STRIPE_API_URL must start with http:// or https://."],
    [{ STRIPE_JS_URL: "js.stripe.com" }, 'STRIPE_JS_URL is not a valid URL: "js.stripe.com".'],
    [
      { PAYMENT_HOLD_MINUTES: "0" },
      'PAYMENT_HOLD_MINUTES must be a whole number of minutes from 1 to 9999, got "0".',
    ],
    [
      { REQUEST_TIMEOUT_MS: "500" },
      'REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 999999999, got "500".',
    ],
    [
      { SHUTDOWN_TIMEOUT_MS: "10s" },
      'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 0 to 999999999, got "10s".',
    ],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 32 characters."],
    [
      { LOG_LEVEL: "loud" },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.",
    ],
    [{ DEV_MAILBOX: "yes" }, 'DEV_MAILBOX must be true or false, got "yes".'],
    [
      { TRUST_PROXY: "true" },
      'TRUST_PROXY must list the proxies\' addresses or ranges (e.g. 10.0.0.5,10.1.0.0/16) or loopback, got "true".',
    ],
    [
      { BOOKING_LIMIT_PER_IP: "-1" },
      'BOOKING_LIMIT_PER_IP must be a whole number (0 turns the limit off), got "-1".',
    ],
    [
      { BOOKING_LIMIT_PER_EVENT_TYPE: "lots" },
      'BOOKING_LIMIT_PER_EVENT_TYPE must be a whole number (0 turns the limit off), got "lots".',
    ],
    [
      { TRUST_PROXY: "10.0.0.0/99" },
      'TRUST_PROXY must list the proxies\' addresses or ranges (e.g. 10.0.0.5,10.1.0.0/16) or loopback, got "10.0.0.0/99".',
    ],
  ])("refuses %o with one clear message", (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });
});
