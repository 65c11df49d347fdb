import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  /** Whether /dev/mailbox shows the outbox's mail (development, or DEV_MAILBOX=1). */
  devMailbox: boolean;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | null } | null;
  sessionSecret: string;
  logLevel: string;
  production: boolean;
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

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR. */
function sessionSecret(env: Env, dataDir: string): string {
  const given = optional(env, "SESSION_SECRET");
  if (given !== null) {
    if (given.length < 32) throw new ConfigError("SESSION_SECRET must be at least 32 characters.");
    return given;
  }
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
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
    throw new ConfigError(`DEV_MAILBOX must be 1 or 0, got "${devMailboxValue}".`);
  }
  const devMailbox =
    devMailboxValue === null ? !production : devMailboxValue === "1" || devMailboxValue === "true";

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
    devMailbox,
    stripe:
      secretKey !== null && publishableKey !== null
        ? { secretKey, publishableKey, webhookSecret }
        : null,
    sessionSecret: sessionSecret(env, dataDir),
    logLevel,
    production,
  };
}
